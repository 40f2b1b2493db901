lint --format gcc --facts tests/lint/doorbell/local-ring/facts.jsonl
