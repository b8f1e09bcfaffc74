"""`python -m api.cli`: the command line."""

from api.cli.main import main

main()
