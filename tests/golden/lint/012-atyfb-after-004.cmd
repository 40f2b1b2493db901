lint --facts tests/lint/atyfb/after-004/facts.jsonl
