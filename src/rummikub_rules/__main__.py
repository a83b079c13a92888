"""``python -m rummikub_rules``: the ``rummikub-rules`` command."""

from __future__ import annotations

import sys

from rummikub_rules.cli import main

if __name__ == "__main__":
    sys.exit(main())
