lint --facts tests/lint/stub/facts.jsonl
