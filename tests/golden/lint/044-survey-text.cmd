lint --survey tests/lint/survey
