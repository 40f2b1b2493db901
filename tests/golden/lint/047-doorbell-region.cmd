lint --format gcc --facts tests/lint/doorbell/region/facts.jsonl --facts tests/lint/doorbell/region-silent/facts.jsonl
