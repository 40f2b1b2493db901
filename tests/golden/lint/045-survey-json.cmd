lint --survey -j tests/lint/survey/drivers
