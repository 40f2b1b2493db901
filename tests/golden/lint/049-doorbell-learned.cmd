lint --facts tests/lint/doorbell/learned/facts.jsonl --facts tests/lint/doorbell/learned-same/facts.jsonl
