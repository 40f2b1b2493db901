lint --format gcc --facts tests/lint/doorbell/stream-ring/facts.jsonl
