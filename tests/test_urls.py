"""rulesgraph.sources.urls: every malformed download address is one RulesgraphError line; links that fail are skipped."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph import RulesgraphError
from rulesgraph.sources.urls import join, parse

from .test_update import BAD_ADDRESSES

_PIECES = st.sampled_from(["http://", "https://", "[", "]", "::1", ":", "zz", "/", "x.txt", "%", "?", "#", "@", " ", "\x1b", "99999",
                           "example.com", "ftp://", "\\", "\u202e", "\ud800", "-1"])


@given(st.lists(_PIECES, max_size=8).map("".join) | st.text(max_size=40))
def test_any_text_parses_or_is_one_line(url: str) -> None:
    try:
        parts = parse(url, "--url")
    except RulesgraphError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("--url: ")
    else:
        assert parts.scheme in ("http", "https") and parts.hostname
        assert parts.port is None or 0 <= parts.port <= 65535


@given(st.lists(_PIECES, max_size=8).map("".join))
def test_join_never_raises(href: str) -> None:
    link = join("https://magic.wizards.com/en/rules", href)
    assert link is None or parse(link)


@pytest.mark.parametrize("url", BAD_ADDRESSES)
def test_malformed_addresses(url: str) -> None:
    with pytest.raises(RulesgraphError):
        parse(url)


@pytest.mark.parametrize("url", ["https://mtgjson.com/api/v5/AtomicCards.json.xz", "http://127.0.0.1:8080/x.txt", "http://[::1]:80/a",
                                 "HTTPS://Example.COM/a%20b.txt?x=1#y"])
def test_good_addresses(url: str) -> None:
    assert parse(url).hostname
