lint --kernel 6 --facts tests/lint/stub/facts.jsonl
