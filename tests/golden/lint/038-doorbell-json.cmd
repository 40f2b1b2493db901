lint -j --facts tests/lint/doorbell/wrapper/facts.jsonl
