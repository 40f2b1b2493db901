lint --kernel 2.6 --facts tests/lint/stub/facts.jsonl
