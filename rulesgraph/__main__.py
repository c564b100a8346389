"""``python -m rulesgraph``: start the terminal front end (the library itself never imports it)."""

from __future__ import annotations

import sys

from rulesgraph_cli.start import entry

sys.exit(entry())
