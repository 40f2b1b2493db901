lint --format gcc --facts tests/lint/doorbell/wrapper-other-file/facts.jsonl
