lint -j --facts tests/lint/precision/unknown-size/facts.jsonl
