lint --explain all
