lint --facts tests/lint/atyfb/after-001/facts.jsonl
