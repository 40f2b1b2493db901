lint --format gcc --facts tests/lint/dmaread/unmap-addr/facts.jsonl --facts tests/lint/dmaread/flag/facts.jsonl
