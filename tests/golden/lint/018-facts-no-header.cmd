lint --facts tests/lint/bad/no-header.jsonl
