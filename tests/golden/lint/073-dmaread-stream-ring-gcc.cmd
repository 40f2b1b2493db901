lint --format gcc --facts tests/lint/dmaread/stream-ring/facts.jsonl
