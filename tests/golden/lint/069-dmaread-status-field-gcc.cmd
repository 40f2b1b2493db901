lint --format gcc --facts tests/lint/dmaread/status-field/facts.jsonl
