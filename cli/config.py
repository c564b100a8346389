"""The optional config file (TOML in the user config directory): defaults for links, colour, the
pager and the number of citations.  Flags override it; a bad file is one line and exit 2."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, NamedTuple

from rulesgraph import RulesgraphError
from rulesgraph.cards import DEFAULT_URL as CARDS_URL
from rulesgraph.common.paths import user_dir
from rulesgraph.versions.store import RULES_PAGE

__all__ = ["DEFAULT_URL", "Config", "config_path", "level_setting", "load_config", "validate"]

DEFAULT_URL = "https://yawgatog.com/resources/magic-rules/#R{anchor}"
"""Yawgatog's hyperlinked Comprehensive Rules: ``#R70219b`` is the anchor of rule 702.19b."""
_PLACEHOLDERS = frozenset({"number", "anchor"})
def level_setting(value: str) -> str:
    """A ``rel`` value (the config's or ``--rel``'s) as answers read it: ``professional`` is the IPG's, as ``competitive``;
    ``none`` (the flag's) unsets it."""
    return {"professional": "competitive", "none": ""}.get(value, value)


LEVELS = ("", "regular", "competitive", "professional")
"""The values of ``rel`` (:attr:`Config.rel`): none, Regular REL, Competitive REL, Professional REL (the IPG's, read as
Competitive's)."""
MAX_BYTES = 64 * 1024
"""A config file is a few lines; a larger one (or ``/dev/zero``) is refused before it is read."""


class Config(NamedTuple):
    """Every setting, with its default (README documents them as ``config.toml`` keys); a named tuple (made in every
    process: a frozen dataclass took ~0.5 ms to define)."""

    url_template: str = DEFAULT_URL
    """Where a rule number links to; ``{number}`` is ``702.19b``, ``{anchor}`` is ``70219b``."""
    color: bool = True
    """Colour and styles on a terminal (never into a pipe, nor with NO_COLOR or --plain)."""
    links: bool = True
    """Rule numbers as terminal hyperlinks (OSC 8) when colour is on."""
    pager: bool = True
    """Page output taller than the terminal."""
    citations: int = 5
    """How many citations of the rules an answer shows (``-k``); the named cards' rulings are cited besides."""
    rules_url: str = RULES_PAGE
    """Where ``update`` finds the Comprehensive Rules: a page linking the TXT file, or a .txt address
    (``$RULESGRAPH_RULES_URL`` overrides it)."""
    cards_url: str = CARDS_URL
    """Where ``update cards`` downloads MTGJSON's AtomicCards from (``$RULESGRAPH_CARDS_URL`` overrides it)."""
    rel: str = ""
    """The Rules Enforcement Level a tournament-policy question saying none is answered for: ``regular`` (FNM,
    prereleases: Judging at Regular REL), ``competitive`` (the Infraction Procedure Guide), or empty (the IPG, with a note
    that Regular REL differs); ``--rel`` overrides it, and a level the question says wins over both."""

    def with_overrides(self, **changes: Any) -> Config:
        """A copy with the given settings replaced; ``None`` values leave a setting alone."""
        return self._replace(**{k: v for k, v in changes.items() if v is not None})


def config_path() -> Path:
    """``$RULESGRAPH_CONFIG_DIR/config.toml``, else ``config.toml`` in the platform's user config directory."""
    return user_dir("RULESGRAPH_CONFIG_DIR", "config") / "config.toml"


def _check_template(template: str, where: str) -> None:
    import string  # only for a config file's template (the module and its Template pattern: ~0.4 ms of every start)

    try:
        fields_ = [(name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(template) if name is not None]
    except ValueError as exc:
        raise RulesgraphError(f"{where}: url_template is not a valid template ({exc})") from None
    if any(ord(ch) < 32 or 0x7F <= ord(ch) <= 0x9F for ch in template):
        raise RulesgraphError(f"{where}: url_template contains control characters")
    if not fields_:
        raise RulesgraphError(f"{where}: url_template has neither {{number}} nor {{anchor}}: every rule would link to one address")
    unknown = {name for name, _, _ in fields_} - _PLACEHOLDERS
    if unknown:
        raise RulesgraphError(f"{where}: url_template uses {{{sorted(unknown)[0]}}}; only {{number}} and {{anchor}} are filled in")
    # "{number:d}" fails on every rule and "{number:>100000000}" makes each link 100 MB: only bare names
    for name, spec, conversion in fields_:
        if spec or conversion:
            shown = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            raise RulesgraphError(f"{where}: url_template uses {{{shown}}}; write {{{name}}} alone (no format or conversion)")


_TOML_KIND = {bool: "true or false", int: "a whole number ({key} = 5, no quotes)", str: 'text in quotes ({key} = "…")'}
"""What a setting's value must be, in the config file's words (not Python's: "must be int, not '5'")."""


def _toml(value: object) -> str:
    """A value as the config file wrote it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}" (text)'
    if isinstance(value, (int, float)):
        return f"{value} (a number)"
    return "a list" if isinstance(value, list) else "a table" if isinstance(value, dict) else "a date or time"


def validate(values: dict[str, Any], where: str) -> Config:
    """A Config from a table of settings; unknown keys and wrong types are errors naming the file."""
    known = Config._fields
    for key, value in values.items():
        if key not in known:
            from difflib import get_close_matches

            near = get_close_matches(key, known, n=1)
            meant = f"did you mean {near[0]}? " if near else ""
            raise RulesgraphError(f"{where}: unknown setting {key!r} ({meant}known: {', '.join(known)})")
        expected = type(getattr(Config(), key))
        if type(value) is not expected:
            raise RulesgraphError(f"{where}: {key} must be {_TOML_KIND[expected].format(key=key)}, not {_toml(value)}")
    if values.get("rel", "") not in LEVELS:
        raise RulesgraphError(f"{where}: rel must be \"regular\", \"competitive\" or \"professional\", not {_toml(values['rel'])}")
    if "rel" in values:
        values = {**values, "rel": level_setting(values["rel"])}
    if "citations" in values and not 1 <= values["citations"] <= 50:
        raise RulesgraphError(f"{where}: citations must be between 1 and 50, not {values['citations']}")
    for key in ("rules_url", "cards_url"):
        if key in values:
            from rulesgraph.sources.urls import parse

            parse(values[key], f"{where}: {key}")
    if "url_template" in values:
        _check_template(values["url_template"], where)
    return Config(**values)


def load_config(path: Path | None = None, *, required: bool = False) -> Config:
    """The settings of ``path`` (default :func:`config_path`); the defaults when that file does not exist,
    unless it is ``required`` (named with ``--config``: a mistyped name must not be ignored)."""
    path = path or config_path()
    try:
        text = _read(path)
    except FileNotFoundError:
        if required:
            raise RulesgraphError(f"{path}: no such config file") from None
        return Config()
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesgraphError(f"{path}: cannot read the config file ({getattr(exc, 'strerror', None) or exc})") from None
    import tomllib  # only when there is a config file: most starts have none

    try:
        values = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesgraphError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        raise RulesgraphError(f"{path}: not valid TOML (arrays or tables nested too deeply)") from None
    return validate(values, str(path))


def _read(path: Path) -> str:
    """The text of a config file: a regular file of at most :data:`MAX_BYTES` (a FIFO would block, a device
    never end), else :class:`OSError` saying why."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise OSError(0, "not a regular file")
        data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise OSError(0, f"larger than {MAX_BYTES // 1024} KB; a config file is a few lines")
    return data.decode("utf-8")
