lint --format gcc --facts tests/lint/stub/facts.jsonl --facts tests/lint/atyfb/after-004/facts.jsonl
