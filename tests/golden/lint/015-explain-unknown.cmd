lint --explain no-such-code
