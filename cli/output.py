"""Print renderables: through the pager when they are taller than the terminal (and paging is on),
and with trailing spaces trimmed from plain text (tables pad their cells; pipes need not see that)."""

from __future__ import annotations

import io
import os
import shlex
import subprocess
from typing import TextIO

from rich.console import Console, RenderableType
from rich.pager import Pager

__all__ = ["LESS", "SystemPager", "TrimmedWriter", "plain_text", "show"]

LESS = "FRX"
"""``less``'s options when the user set none (``$LESS``): git's.  With ``-R`` alone, quitting the pager cleared the
answer from the screen, leaving the REPL's next prompt under nothing (new-user trial)."""


class SystemPager(Pager):
    """``$PAGER`` (default ``less``, with ``LESS=FRX`` unless the user set ``LESS``, as git runs it: ``-R`` so colours
    survive, ``-X`` so the answer stays on the screen above the next prompt when the reader quits, ``-F`` so what fits
    is not held); printed directly when there is no pager to run.  Ctrl-C inside the pager is the pager's business,
    not ours."""

    def __init__(self, fallback: TextIO, prompt: str | None = None) -> None:
        self.fallback = fallback
        self.prompt = prompt
        """What ``less`` (run with our options) says at its foot instead of ":" — the REPL's "q: back to the question
        prompt": a trial's next question, typed into the pager, went to ``less``."""

    def show(self, content: str) -> None:
        command = os.environ.get("PAGER") or "less"
        words = shlex.split(command) if command.strip() else []
        import shutil  # here, not with the module: with bz2 and lzma, ~2 ms of every answer printed

        if not words or shutil.which(words[0]) is None:
            self.fallback.write(content)
            self.fallback.flush()
            return
        env = dict(os.environ)
        if os.path.basename(words[0]) == "less" and "LESS" not in env:  # a prompt's colons escaped, ended by "$"
            env["LESS"] = LESS + (f"-Ps{self.prompt.replace(':', chr(92) + ':')}$" if self.prompt else "")
        proc = subprocess.Popen(words, stdin=subprocess.PIPE, env=env, text=True, errors="backslashreplace")
        try:
            assert proc.stdin is not None
            with proc.stdin:
                proc.stdin.write(content)
        except (OSError, KeyboardInterrupt):
            pass  # the reader quit the pager early
        while True:
            try:
                proc.wait()
                break
            except KeyboardInterrupt:
                continue


def show(console: Console, renderable: RenderableType, *, page: bool = False, prompt: str | None = None) -> None:
    """Print ``renderable``; page it when ``page``, the console is a terminal and it would not fit (``prompt``: what the
    pager says at its foot, :attr:`SystemPager.prompt`)."""
    if page and console.is_terminal:
        lines = console.render_lines(renderable, console.options, pad=False, new_lines=False)
        if len(lines) >= console.height - 1:
            # without links: only newer pagers understand OSC 8, older ones would show the escape codes
            with console.pager(pager=SystemPager(console.file, prompt), styles=console.color_system is not None, links=False):
                console.print(renderable)
            return
    console.print(renderable)


class TrimmedWriter(io.TextIOBase):
    """A text stream that drops spaces at the end of each line before passing it on."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.pending = ""

    def write(self, s: str) -> int:
        lines = (self.pending + s).split("\n")
        self.pending = lines.pop()
        if lines:
            self.stream.write("\n".join(line.rstrip(" ") for line in lines) + "\n")
        return len(s)

    def flush(self) -> None:
        if self.pending:  # a line still being written: pass it on as it is
            self.stream.write(self.pending)
            self.pending = ""
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")


def plain_text(renderable: RenderableType, width: int = 80) -> str:
    """``renderable`` as plain text at ``width`` columns: no colour, no links, no trailing spaces."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False, no_color=True, highlight=False,
                      emoji=False, legacy_windows=False)
    console.print(renderable)
    return "\n".join(line.rstrip(" ") for line in buffer.getvalue().split("\n"))
