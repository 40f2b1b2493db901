lint --format gcc --facts tests/lint/doorbell/own-conversion/facts.jsonl
