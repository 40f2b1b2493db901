lint --kernel 4.1 --format gcc --facts tests/lint/removed/facts.jsonl
