lint --format gcc --facts tests/lint/dmaread/status-helper/facts.jsonl
