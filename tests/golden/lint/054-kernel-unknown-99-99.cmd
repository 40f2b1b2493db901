lint --kernel 99.99 --facts tests/lint/stub/facts.jsonl
