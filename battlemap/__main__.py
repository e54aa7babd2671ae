"""`python -m battlemap`: the same as the `battlemap` command."""

import sys

from battlemap.cli import main

if __name__ == "__main__":
    sys.exit(main())
