lint --facts tests/lint/wc/cookie-uc/facts.jsonl
