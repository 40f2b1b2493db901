lint --kernel 5.1 -j --facts tests/lint/removed/facts.jsonl
