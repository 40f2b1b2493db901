lint --format gcc --facts tests/lint/doorbell/copy-once/facts.jsonl
