lint --format gcc --facts tests/lint/dmaread/register-value/facts.jsonl
