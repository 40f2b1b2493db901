lint -j --facts tests/lint/dmaread/flag/facts.jsonl
