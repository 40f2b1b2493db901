lint --facts tests/lint/bad/stream-one-arg.jsonl
