lint --format gcc --facts tests/lint/removed-arch/facts.jsonl
