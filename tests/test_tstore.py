"""Installing tournament documents: from a file (text or PDF) or a download through redirects (a local server on
127.0.0.1, nothing touches the internet); bad files are one line and change nothing installed."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from rulesgraph.build import tbook
from rulesgraph.errors import RulesgraphError, SourceError
from rulesgraph.versions import tstore
from rulesgraph_cli.main import main

from .conftest import require_tournament
from .minicr import make_cr
from .minitourney import make_ipg, make_mtr


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    yield tmp_path / "data"
    tbook.load.cache_clear()


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()} if root.exists() else {}


def test_install_keeps_versions_and_says_unchanged(data: Path) -> None:
    old = tstore.install(make_mtr("March 4, 2031").encode(), "a.txt")
    new = tstore.install(make_mtr("May 5, 2032").encode(), "b.txt")
    assert (old.kind, old.date, old.status, old.sections) == ("mtr", "2031-03-04", "installed", 45)
    assert new.path.name == "MTR-20320505.txt"
    assert tstore.install(make_mtr("May 5, 2032").encode(), "c.txt").status == "unchanged"
    assert [(i.kind, i.date) for i in tbook.installed()] == [("mtr", "2032-05-05"), ("mtr", "2031-03-04")]
    assert [d.effective for d in tbook.load()] == ["2032-05-05"]


@pytest.mark.parametrize(("body", "message"), [
    (b"", "empty"),
    (b"<!doctype html><html>page</html>", "HTML page"),
    (b"Just some notes\nEffective May 1, 2020\n", "not a tournament document"),
    (make_mtr(chapters=2).encode(), "truncated"),
    (make_mtr().replace("Effective", "Made").encode(), "Effective"),
    (b"%PDF-1.7\n1 0 obj\n<<", "cannot read the PDF"),
])
def test_bad_files_are_one_line_and_change_nothing(data: Path, body: bytes, message: str) -> None:
    tstore.install(make_ipg().encode(), "ipg.txt")
    before = _snapshot(data)
    with pytest.raises(RulesgraphError, match=message) as info:
        tstore.install(body, "bad.bin")
    assert "\n" not in str(info.value)
    assert _snapshot(data) == before


def test_wrong_kind_for_a_download(data: Path) -> None:
    with pytest.raises(SourceError, match="is the Infraction Procedure Guide, not the Magic Tournament Rules"):
        tstore.install(make_ipg().encode(), "mtr.pdf", kind="mtr")
    assert not data.exists() or not list(data.rglob("*.txt"))


def test_cli_update_tournament_file(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ipg.txt"
    path.write_text(make_ipg(), encoding="utf-8")
    assert main(["update", "tournament", "--file", str(path)]) == 0
    assert "installed the Infraction Procedure Guide effective 2030-06-07 (17 sections)" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("nothing\n", encoding="utf-8")
    assert main(["update", "tournament", "--file", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a tournament document" in err


def test_cli_update_several_files_installs_each(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trial: "update tournament --file MTR --file IPG --file JAR" installed the JAR alone and said nothing of the others.
    Each file given is installed in turn; a bad one is one line, exit 2, and the others are installed still."""
    mtr, ipg, bad = tmp_path / "mtr.txt", tmp_path / "ipg.txt", tmp_path / "bad.txt"
    mtr.write_text(make_mtr(), encoding="utf-8")
    ipg.write_text(make_ipg(), encoding="utf-8")
    bad.write_text("nothing\n", encoding="utf-8")
    assert main(["update", "tournament", "--file", str(mtr), "--file", str(ipg)]) == 0
    out = capsys.readouterr().out
    assert "installed the Magic Tournament Rules" in out and "installed the Infraction Procedure Guide" in out
    assert main(["update", "--file", str(bad), "--file", str(ipg)]) == 2
    said = capsys.readouterr()
    assert said.err.count("\n") == 1 and said.err.count(str(bad)) == 1 and "already installed" in said.out
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00\x01 not rules")  # a review: a bad --rules source was said once a file, and blamed on each
    assert main(["update", "--rules", str(junk), "--file", str(mtr), "--file", str(ipg)]) == 2
    said = capsys.readouterr()
    assert said.err.count("\n") == 1 and str(mtr) not in said.err and said.out == ""


@pytest.fixture
def mirror() -> Iterator[dict[str, tuple[int, bytes, str]]]:
    """``/mtr`` etc. redirect (302) to ``/files/<name>``, as mtgdoc.link does to Wizards' PDFs."""
    routes: dict[str, tuple[int, bytes, str]] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, body, extra = routes.get(self.path, (404, b"", ""))
            self.send_response(status)
            if status in (301, 302):
                self.send_header("Location", extra)
            else:
                self.send_header("Content-Type", extra or "application/pdf")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    routes["base"] = (0, f"http://127.0.0.1:{httpd.server_address[1]}".encode(), "")
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield routes
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_update_tournament_downloads_through_redirects(data: Path, mirror: dict[str, tuple[int, bytes, str]],
                                                       monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    base = mirror["base"][1].decode()
    monkeypatch.setenv(tstore.URL_ENV, base)
    mirror["/mtr"] = (302, b"", f"{base}/files/MTG_MTR_2031_Mar04_EN.pdf")
    mirror["/files/MTG_MTR_2031_Mar04_EN.pdf"] = (200, make_mtr().encode(), "text/plain")
    mirror["/ipg"] = (302, b"", f"{base}/files/ipg.pdf")
    mirror["/files/ipg.pdf"] = (200, make_mtr().encode(), "text/plain")  # the wrong document behind the IPG link
    mirror["/jar"] = (404, b"", "")
    assert main(["update", "tournament", "--timeout", "5"]) == 2
    captured = capsys.readouterr()
    assert "installed the Magic Tournament Rules effective 2031-03-04" in captured.out
    assert "IPG" in captured.err and "not the Infraction Procedure Guide" in captured.err
    assert "JAR" in captured.err and "404" in captured.err
    assert [(i.kind, i.date) for i in tbook.installed()] == [("mtr", "2031-03-04")]


def test_real_pdf_installs_as_its_text(data: Path) -> None:
    path = require_tournament("IPG-20200925.pdf")
    result = tstore.install_file(path)
    assert (result.kind, result.date, result.sections) == ("ipg", "2020-09-25", 28)
    assert result.path.with_suffix(".pdf").read_bytes() == path.read_bytes()
    truncated = path.read_bytes()[:50_000]
    with pytest.raises(SourceError, match="PDF"):
        tstore.install(truncated, "cut.pdf")


def test_check_reports_tournament_files_with_lines(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mtr.txt"
    path.write_text(make_mtr().replace("2.3  Topic 2 Point 3\n", "2.3  Topic 2 Point 3\n", 1), encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 0
    (doc,) = json.loads(capsys.readouterr().out)["tournament"]
    assert doc["counts"] == {"chapter": 5, "section": 45} and doc["effective"] == "2031-03-04"
    assert {s["reason"] for s in doc["skipped"]} == {"table of contents", "page number"}
    assert all(s["where"].startswith(f"{path}:") for s in doc["skipped"])
    cut = tmp_path / "cut.txt"
    cut.write_text(make_mtr().replace("3.2  Topic 3 Point 2\n", ""), encoding="utf-8")
    assert main(["check", str(cut)]) == 0
    out = capsys.readouterr().out
    assert "5 chapters, 44 sections" in out and f"{cut}:" in out and "toc-mismatch: the contents list 3.2" in out


def test_check_names_a_reference_no_section_answers(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The tournament graph has no edge for "see section 9.9" of a document without a 9.9: check says where it is."""
    mtr = tmp_path / "mtr.txt"
    mtr.write_text(make_mtr().replace("Players follow point 2 of chapter 3 (see section 1.1).",
                                      "Players follow point 2 of chapter 3 (see section 9.9).", 1), encoding="utf-8")
    ipg = tmp_path / "ipg.txt"
    ipg.write_text(make_ipg(infractions=9), encoding="utf-8")  # citing MTR 4.1–4.9, as many as make_mtr's chapter 4 has
    assert main(["check", str(mtr), str(ipg), "--json"]) == 0
    by_kind = {d["kind"]: d for d in json.loads(capsys.readouterr().out)["tournament"]}
    (bad,) = [a for a in by_kind["mtr"]["anomalies"] if a["kind"] == "unresolved-reference"]
    assert bad["message"] == "MTR 3.2 refers to MTR 9.9, which is not in the document" and bad["where"].startswith(f"{mtr}:")
    assert not [a for a in by_kind["ipg"]["anomalies"] if a["kind"] == "unresolved-reference"]  # its MTR sections resolve
    assert main(["check", str(mtr)]) == 0
    assert "unresolved-reference: MTR 3.2 refers to MTR 9.9" in capsys.readouterr().out


def test_a_bare_update_includes_the_documents(data: Path) -> None:
    from rulesgraph_cli.cmd import update as cmd_update
    from rulesgraph_cli.main import build_parser

    parse = build_parser().parse_args
    assert cmd_update._targets(parse(["update"])) == ("rules", "cards", "tournament")
    args = parse(["update", "--file", "x.pdf"])
    assert args.file == ["x.pdf"]
    args.file = "x.pdf"  # one at a time: run() installs each file given in turn
    assert cmd_update._targets(args) == ("tournament",)


def test_a_cut_document_is_refused_by_its_own_contents(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = make_mtr()
    assert tstore.install(whole.encode(), "whole.txt").status == "installed"
    before = _snapshot(data)
    cut = whole[: whole.index("5.7  Topic 5 Point 7\n\n")]  # still 42 sections, over the minimum: only the contents tell
    path = tmp_path / "half.txt"
    path.write_text(cut, encoding="utf-8")
    assert main(["update", "tournament", "--file", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "truncated" in err and "'5.7 Topic 5 Point 7'" in err and "3 listed entries missing" in err
    assert _snapshot(data) == before


def test_a_lone_unrecognised_heading_is_not_truncation(data: Path) -> None:
    text = make_mtr().replace("\n3.4  Topic 3 Point 4\n", "\n3.4  Renamed In The Body\n")
    assert tstore.install(text.encode(), "odd.txt").status == "installed"


def test_a_same_date_copy_with_fewer_sections_does_not_replace(data: Path) -> None:
    tstore.install(make_mtr(sections=9).encode(), "full.txt")
    before = _snapshot(data)
    with pytest.raises(SourceError, match="has 40 sections, fewer than the 45 of the installed") as info:
        tstore.install(make_mtr(sections=8).encode(), "smaller.txt")
    assert "\n" not in str(info.value)
    assert _snapshot(data) == before
    assert tstore.install(make_mtr(sections=10).encode(), "larger.txt").status == "replaced"


def test_a_replaced_document_is_said_to_be_one(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``update tournament --file`` with a fuller copy of an installed date said "replaced the installed card data"."""
    for sections, name in ((9, "full.txt"), (10, "larger.txt")):
        (tmp_path / name).write_text(make_mtr(sections=sections), encoding="utf-8")
        assert main(["update", "tournament", "--file", str(tmp_path / name)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("installed the Magic Tournament Rules") and out[1].startswith(
        "replaced the installed document of the same date with the Magic Tournament Rules")


def test_the_real_mtr_cut_short_changes_nothing(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = require_tournament("MTR-20260227.txt")
    assert main(["update", "tournament", "--file", str(real)]) == 0
    before = _snapshot(data)
    half = tmp_path / "half.txt"
    half.write_bytes(real.read_bytes()[:90000])
    capsys.readouterr()
    assert main(["update", "tournament", "--file", str(half)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "truncated" in err
    assert _snapshot(data) == before


def test_update_tournament_url_installs_that_one_document(data: Path, mirror: dict[str, tuple[int, bytes, str]],
                                                          monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    base = mirror["base"][1].decode()
    monkeypatch.setenv(tstore.URL_ENV, f"{base}/default")  # never to be asked
    mirror["/files/some.pdf"] = (200, make_ipg().encode(), "application/pdf")
    assert main(["update", "tournament", "--timeout", "5", "--url", f"{base}/files/some.pdf"]) == 0
    out = capsys.readouterr().out
    assert "installed the Infraction Procedure Guide effective 2030-06-07" in out and out.count("\n") == 1
    assert [(i.kind, i.date) for i in tbook.installed()] == [("ipg", "2030-06-07")]


@pytest.mark.parametrize("url", ["http://[::1", "ftp://example.invalid/mtr.pdf", "http://x:99999/mtr"])
def test_update_tournament_malformed_url_is_one_line(data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                     url: str) -> None:
    monkeypatch.setenv(tstore.URL_ENV, "http://127.0.0.1:9/never")  # what a download from the defaults would try
    assert main(["update", "tournament", "--url", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--url" in err and "127.0.0.1:9" not in err
    assert not data.exists() or not list(data.rglob("*.txt"))


def test_update_file_installs_what_the_file_is(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``update --file`` with no kind installs a tournament document's text as one (its help says "what the file is";
    a PDF always was); ``update rules --file`` refuses it, naming the command that installs it."""
    path = tmp_path / "my rules.txt"  # no .pdf: its title says what it is
    path.write_text(make_mtr(), encoding="utf-8")
    assert main(["update", "--file", str(path)]) == 0
    assert "installed the Magic Tournament Rules" in capsys.readouterr().out
    assert [p.name for p in (data / "tournament").glob("*.txt")] and not list((data / "rules").glob("*.txt"))
    shutil.rmtree(data / "tournament")
    assert main(["update", "rules", "--file", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is the Magic Tournament Rules, a tournament document" in err
    assert f"'rulesgraph update tournament --file '{path}''" in err
    assert not data.exists() or not list(data.rglob("*.txt"))
    other = tmp_path / "notes.txt"
    other.write_text("Just some notes\n", encoding="utf-8")
    assert main(["update", "--file", str(other)]) == 2
    err = capsys.readouterr().err
    assert "not the Comprehensive Rules" in err and "tournament" not in err


def test_update_file_reads_a_pipe_once_to_know_what_it_is(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``update --file <(cat rules.txt)``: looking into the file to see whether it is a tournament document read the
    pipe's first 16 KB, and the rules installed were what was left (1,088 of 1,108 rules, starting mid-sentence)."""
    fifo = tmp_path / "rules-pipe"
    os.mkfifo(fifo)
    text = make_cr("2025-11-14").encode()
    threading.Thread(target=fifo.write_bytes, args=(text,), daemon=True).start()
    codes: list[int] = []
    worker = threading.Thread(target=lambda: codes.append(main(["update", "--file", str(fifo)])), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive() and codes == [0], capsys.readouterr().err
    assert (data / "rules" / "MagicCompRules-20251114.txt").read_bytes() == text


def test_detect_file_kind(tmp_path: Path) -> None:
    (tmp_path / "i.txt").write_text(make_ipg(), encoding="utf-8")
    (tmp_path / "p.pdf").write_bytes(b"%PDF-1.7\n")
    assert tstore.detect_file_kind(str(tmp_path / "i.txt")) == "Infraction Procedure Guide"
    assert tstore.detect_file_kind(str(tmp_path / "p.pdf")) is None and tstore.is_tournament_file(str(tmp_path / "p.pdf"))
    assert tstore.detect_file_kind(str(tmp_path / "missing.txt")) is None
