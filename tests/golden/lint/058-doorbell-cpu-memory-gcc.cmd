lint --format gcc --facts tests/lint/doorbell/cpu-memory/facts.jsonl
