lint --format gcc --facts tests/lint/mtrr/facts.jsonl
