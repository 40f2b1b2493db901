lint --format sarif --facts tests/lint/bad/unparsed.jsonl
