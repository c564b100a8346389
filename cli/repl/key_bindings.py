"""The REPL's own keys: Ctrl-C clears the line (instead of quitting), Ctrl-L clears the screen (the conversation goes on, as
a terminal's Ctrl-L leaves a shell's state; ``:new`` starts a new one), pasted text with line breaks becomes one line (one
question), and what the terminal's parser takes for a mouse report is typed text (the REPL asks for no mouse reports).
Everything else is prompt_toolkit's Emacs defaults: Ctrl-D on an empty line quits, Ctrl-R searches
the history, → takes the suggestion."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

__all__ = ["key_bindings", "one_line"]


def one_line(data: str) -> str:
    """Pasted text as one line: every line break (and the indentation after it) becomes one space."""
    return " ".join(part.strip() for part in data.replace("\r\n", "\n").replace("\r", "\n").split("\n") if part.strip())


def key_bindings() -> KeyBindings:
    kb = KeyBindings()

    @kb.add("c-l")
    def _clear_screen(event: KeyPressEvent) -> None:
        """Ctrl-L: clear the screen, nothing else (it started a new conversation too, which a trial's player pressed to
        tidy the screen mid-conversation and lost the follow-up's context without a word)."""
        event.app.renderer.clear()

    @kb.add("c-c")
    def _clear(event: KeyPressEvent) -> None:
        """Ctrl-C: forget the line being typed (and any open completion menu); stay in the REPL."""
        event.current_buffer.reset()

    @kb.add(Keys.BracketedPaste)
    def _paste(event: KeyPressEvent) -> None:
        """A pasted question keeps its words but not its line breaks."""
        event.current_buffer.insert_text(one_line(event.data))

    @kb.add(Keys.Vt100MouseEvent)
    def _not_a_mouse(event: KeyPressEvent) -> None:
        """An escape sequence typed or sent unbracketed that reads like a mouse report (``ESC [31m``, a colour code) is
        text: prompt_toolkit's own mouse handler, which this one takes the place of, stopped the REPL with a traceback
        over one that was not a report (the REPL turns mouse reporting off, so a real one never comes)."""
        event.current_buffer.insert_text(event.data)

    return kb
