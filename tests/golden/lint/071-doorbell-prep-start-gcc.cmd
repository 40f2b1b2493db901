lint --format gcc --facts tests/lint/doorbell/prep-start/facts.jsonl
