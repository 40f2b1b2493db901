lint --format gcc --facts tests/lint/wc/param-link/facts.jsonl
