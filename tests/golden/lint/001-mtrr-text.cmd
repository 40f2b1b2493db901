lint --facts tests/lint/mtrr/facts.jsonl
