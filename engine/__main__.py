"""``python -m engine``: the command-line interface (see :mod:`engine.cli`)."""

import sys

from engine.cli import main

sys.exit(main())
