"""``python -m omaha``: the same as the ``omaha`` command."""

import sys

from omaha.cli import main

sys.exit(main())
