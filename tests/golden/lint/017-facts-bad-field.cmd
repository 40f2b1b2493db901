lint --facts tests/lint/bad/bad-line.jsonl
