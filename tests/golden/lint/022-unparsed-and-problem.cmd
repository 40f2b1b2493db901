lint --facts tests/lint/bad/unparsed.jsonl
