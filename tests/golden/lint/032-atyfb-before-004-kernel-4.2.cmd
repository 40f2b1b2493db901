lint --kernel 4.2 --format gcc --facts tests/lint/atyfb/before-004/facts.jsonl
