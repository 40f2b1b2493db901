lint --format gcc --facts tests/lint/doorbell/smp-barrier/facts.jsonl
