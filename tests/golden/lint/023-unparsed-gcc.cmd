lint --format gcc --facts tests/lint/bad/unparsed.jsonl
