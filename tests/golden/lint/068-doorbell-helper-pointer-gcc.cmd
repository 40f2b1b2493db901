lint --format gcc --facts tests/lint/doorbell/helper-pointer/facts.jsonl
