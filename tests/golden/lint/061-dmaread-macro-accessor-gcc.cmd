lint --format gcc --facts tests/lint/dmaread/macro-accessor/facts.jsonl
