lint --facts tests/lint/wc/wrapper-header/facts.jsonl --facts tests/lint/wc/wrapper-wc/facts.jsonl --facts tests/lint/wc/wrapper-macro/facts.jsonl
