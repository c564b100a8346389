"""`update cards` against a local server on 127.0.0.1: success with progress, and every failure — checksum
mismatch, truncated xz, a dropped connection, HTML instead of data, 404, a stalling server, a process killed
mid-download — is one line and exit 2 with the installed cards untouched.  Nothing here touches the internet."""

from __future__ import annotations

import argparse
import hashlib
import lzma
import os
import signal
import time
from pathlib import Path

import pytest

from rulesgraph import RulesgraphError
from rulesgraph.cards import URL_ENV, store_path
from rulesgraph.cards.fetch import checksum_url, download
from rulesgraph.cards.store import open_store
from rulesgraph.versions import store
from rulesgraph_cli.cmd import update as cmd_update
from rulesgraph_cli.main import build_parser, main

from .minicards import CARDS, atomic, encode
from .test_faults import FORK
from .test_update import Route, Server, server  # noqa: F401  (the fixture)

PATH = "/api/v5/AtomicCards.json.xz"
BODY = encode(atomic(), "xz")
OLD = encode(atomic({"Mossback Elder": CARDS["Mossback Elder"]}), "xz")


def _sha(data: bytes) -> bytes:
    return f"{hashlib.sha256(data).hexdigest()}  AtomicCards.json.xz\n".encode()


@pytest.fixture
def cards_site(server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Server:  # noqa: F811
    """The card file and its checksum, served; a data dir of the test's own with one older card set installed."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    server.routes[PATH] = Route(BODY, content_type="application/x-xz")
    server.routes[PATH + ".sha256"] = Route(_sha(BODY))
    monkeypatch.setenv(URL_ENV, server.url(PATH))
    old = tmp_path / "old.json.xz"
    old.write_bytes(OLD)
    assert main(["update", "cards", "--file", str(old)]) == 0
    return server


def _installed() -> int:
    store = open_store()
    assert store is not None
    return store.info.cards


def test_download_success(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["update", "cards", "--timeout", "5"]) == 0
    assert f"({len(CARDS)} card names, 7 faces, 3 rulings) from AtomicCards.json.xz" in capsys.readouterr().out
    assert _installed() == len(CARDS) and cards_site.hits[-2:] == [PATH + ".sha256", PATH]
    seen: list[tuple[int, int | None]] = []
    assert len(download(cards_site.url(PATH), timeout=5, progress=lambda d, t: seen.append((d, t))).cards) == len(CARDS)
    assert seen[-1] == (len(BODY), len(BODY))


def test_config_key_and_flag_give_the_address(cards_site: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(URL_ENV)
    config = tmp_path / "config.toml"
    config.write_text(f'cards_url = "{cards_site.url(PATH)}"\n')
    assert main(["--config", str(config), "update", "cards", "--timeout", "5"]) == 0 and _installed() == len(CARDS)
    config.write_text('cards_url = "ftp://example.com/x"\n')
    assert main(["--config", str(config), "update", "cards"]) == 2


def _fails(capsys: pytest.CaptureFixture[str], message: str, *extra: str) -> None:
    before = store_path().read_bytes()
    capsys.readouterr()
    assert main(["update", "cards", "--timeout", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert store_path().read_bytes() == before and _installed() == 1
    assert [p.name for p in store_path().parent.iterdir()] == ["cards.sqlite"]


def test_checksum_mismatch(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    cards_site.routes[PATH + ".sha256"] = Route(_sha(OLD))
    _fails(capsys, "checksum mismatch")


def test_truncated_xz_with_a_matching_checksum(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    cut = lzma.compress(encode(atomic()))[:-30]
    cards_site.routes[PATH] = Route(cut)
    cards_site.routes[PATH + ".sha256"] = Route(_sha(cut))
    _fails(capsys, "truncated xz data")


def test_connection_dropped(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    cards_site.routes[PATH] = Route(BODY, length=len(BODY) + 1000)
    _fails(capsys, "download truncated")


def test_html_instead_of_data(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    page = b"<!doctype html><html><body>Maintenance</body></html>"
    cards_site.routes[PATH] = Route(page, content_type="text/html")
    cards_site.routes[PATH + ".sha256"] = Route(_sha(page))
    _fails(capsys, "got an HTML page instead of the card data")


def test_404(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    del cards_site.routes[PATH]
    _fails(capsys, "HTTP 404")
    del cards_site.routes[PATH + ".sha256"]
    _fails(capsys, "HTTP 404")


def test_no_checksum_published(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    cards_site.routes[PATH + ".sha256"] = Route(b"<html>nothing here</html>")
    _fails(capsys, "not a SHA-256 checksum file")


def test_stalling_server_times_out(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    cards_site.routes[PATH] = Route(BODY, stall=5)
    _fails(capsys, "timed out")


def test_targets_of_a_bare_update() -> None:
    def parse(argv: list[str]) -> argparse.Namespace:  # one file at a time, as run() gives each file given to _run
        args = build_parser().parse_args(argv)
        args.file = args.file[0] if args.file else None
        return args

    assert cmd_update._targets(parse(["update"])) == ("rules", "cards", "tournament")
    assert cmd_update._targets(parse(["update", "cards"])) == ("cards",)
    assert cmd_update._targets(parse(["update", "--file", "x.json.bz2"])) == ("cards",)
    assert cmd_update._targets(parse(["update", "--file", "cr.txt"])) == ("rules",)
    assert cmd_update._targets(parse(["update", "--url", "https://x/rules"])) == ("rules",)
    assert checksum_url("https://x/a.json.xz?v=1") == "https://x/a.json.xz.sha256?v=1"


def test_killed_mid_download_keeps_the_installed_cards(cards_site: Server) -> None:
    before = store_path().read_bytes()
    cards_site.routes[PATH] = Route(BODY, stall=30)  # half the file, then nothing
    child = FORK.Process(target=main, args=(["update", "cards", "--timeout", "20"],))
    child.start()
    deadline = time.time() + 30
    while PATH not in cards_site.hits and time.time() < deadline:
        time.sleep(0.05)
    assert PATH in cards_site.hits, "the download never started"
    time.sleep(0.3)
    os.kill(child.pid, signal.SIGKILL)
    child.join(10)
    assert child.exitcode == -signal.SIGKILL
    assert store_path().read_bytes() == before and _installed() == 1


def test_download_errors_are_rulesgraph_errors(cards_site: Server) -> None:
    with pytest.raises(RulesgraphError, match="HTTP 404"):
        download(cards_site.url("/nothing.json.xz"), timeout=2)


def test_a_bare_update_does_both_and_reports_each(cards_site: Server, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(store.RULES_URL_ENV, cards_site.url("/no-rules-page"))  # the rules page is gone
    capsys.readouterr()
    assert main(["update", "--timeout", "5"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("rulesgraph: error: rules: ") and "HTTP 404" in err and err.count("\n") == 2
    assert "error: tournament: MTR: " in err and "update tournament --file PATH" in err  # offline: one line, not three
    assert f"({len(CARDS)} card names" in out and _installed() == len(CARDS)  # the cards were still brought up to date


# --- one deadline for the whole download; the size said for cards (issue 31) ------------------------------------

def test_the_timeout_bounds_checksum_and_body_together(cards_site: Server) -> None:
    """``--timeout 5`` took 9.4 s: the checksum and the body each had the whole time."""
    cards_site.routes[PATH + ".sha256"] = Route(_sha(BODY), delay=0.6)
    cards_site.routes[PATH] = Route(BODY, delay=0.6)
    start = time.perf_counter()
    with pytest.raises(RulesgraphError, match="timed out"):
        download(cards_site.url(PATH), timeout=1.0)  # each alone fits in 1 s, both do not
    assert time.perf_counter() - start < 1.0 + 0.6
    assert _installed() == 1


def test_an_oversized_card_download_names_the_card_data(cards_site: Server, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "the Comprehensive Rules are about 1 MB"."""
    cards_site.routes[PATH] = Route(b"x", length=10**12)
    _fails(capsys, "AtomicCards.json.xz is about 20 MB")
    cards_site.routes[PATH + ".sha256"] = Route(b"x", length=10**9)
    _fails(capsys, "a checksum file is one line")
