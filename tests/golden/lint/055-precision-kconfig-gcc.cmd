lint --format gcc --facts tests/lint/precision/kconfig/facts.jsonl
