lint --format sarif --facts tests/lint/mtrr/facts.jsonl
