lint --facts tests/lint/bad/conv-bad-arg.jsonl
