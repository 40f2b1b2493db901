lint --facts tests/lint/stub/facts.jsonl tests/lint/stub
