lint --facts tests/lint/atyfb/before-004/facts.jsonl
