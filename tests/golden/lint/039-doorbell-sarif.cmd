lint --format sarif --facts tests/lint/doorbell/helper/facts.jsonl
