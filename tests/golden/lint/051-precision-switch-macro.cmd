lint --facts tests/lint/precision/switch/facts.jsonl --facts tests/lint/precision/macro-size/facts.jsonl
