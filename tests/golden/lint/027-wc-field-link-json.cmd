lint -j --facts tests/lint/wc/field-link/facts.jsonl
