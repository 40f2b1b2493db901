lint --format gcc --facts tests/lint/dmaread/cpu-memory/facts.jsonl
