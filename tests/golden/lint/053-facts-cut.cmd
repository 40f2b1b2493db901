lint --facts tests/lint/bad/cut.jsonl
