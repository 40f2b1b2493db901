lint --facts tests/lint/wc/alias/facts.jsonl
