"""The installed ``rulesgraph`` command's first module: the front end imported with the cyclic collector off.

Importing the library and the front end makes some 10^5 objects that live as long as the process (modules,
classes, compiled patterns); with the collector on, its generations were walked some 40 times over them for
nothing (about 1 in 60 of an ``ask --json -`` process over long.jsonl).  They are then frozen (``gc.freeze``: kept out
of every generation), or the first collection after the import walked them all once more (~4 ms of a one-question
process).  :func:`rulesgraph_cli.main.entry` does the rest.  Ctrl-C at any moment of it — the imports, the start, the
programs kept at the end — ends the command with status 130 and no traceback.
"""

from __future__ import annotations

import gc


def entry() -> int:
    """The installed command: :func:`rulesgraph_cli.main.entry`, imported with the collector off."""
    try:
        enabled = gc.isenabled()
        gc.disable()
        try:
            from .main import entry as run
        finally:
            gc.freeze()
            if enabled:
                gc.enable()
        return run()
    except KeyboardInterrupt:  # main's own handler covers the command; this, what runs before and after it
        return INTERRUPTED


INTERRUPTED = 130
"""The exit status of a command interrupted by Ctrl-C (SIGINT: 128 + 2), as README's "Exit status" says."""
