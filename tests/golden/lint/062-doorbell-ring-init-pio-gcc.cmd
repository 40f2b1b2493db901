lint --format gcc --facts tests/lint/doorbell/ring-init-pio/facts.jsonl
