lint --format gcc --facts tests/lint/stub/facts.jsonl --facts tests/lint/atyfb-before-001/facts.jsonl
