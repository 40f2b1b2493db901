audit --bogus
