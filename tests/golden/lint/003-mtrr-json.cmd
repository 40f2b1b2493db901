lint -j --facts tests/lint/mtrr/facts.jsonl
