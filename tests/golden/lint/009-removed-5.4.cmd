lint --kernel 5.4 --format gcc --facts tests/lint/removed/facts.jsonl
