attrs --help
