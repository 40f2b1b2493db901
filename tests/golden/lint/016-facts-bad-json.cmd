lint --facts tests/lint/bad/not-json.jsonl
