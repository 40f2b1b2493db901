lint --format gcc --facts tests/lint/doorbell/handoff-setup/facts.jsonl
