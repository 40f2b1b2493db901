lint --facts tests/lint/atyfb-before-001/facts.jsonl
