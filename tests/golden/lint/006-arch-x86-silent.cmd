lint --facts tests/lint/arch/facts.jsonl
