lint --format gcc --facts tests/lint/dmaread/loop-pointer/facts.jsonl
