lint --format sarif --facts tests/lint/wc/regs-ioremap/facts.jsonl
