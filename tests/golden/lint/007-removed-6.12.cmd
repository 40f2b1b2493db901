lint --facts tests/lint/removed/facts.jsonl
