"""Graph export: JSON and GraphML load back with networkx, Graphviz accepts the DOT file."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import networkx as nx
import pytest

from rulesgraph import Rulebook, RulesgraphError
from rulesgraph.errors import NotFound
from rulesgraph.export.graph import around, export_graph, format_for, to_dot
from rulesgraph_cli.main import main

from .conftest import require_tool


@pytest.fixture(scope="module")
def exported(full_book: Rulebook, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("graph")
    for fmt in ("json", "graphml", "dot"):
        export_graph(full_book.graph, out / f"rules.{fmt}")
    return out


def same_graph(loaded: nx.MultiDiGraph, original: nx.MultiDiGraph) -> None:
    assert set(loaded.nodes) == set(original.nodes)
    assert sorted((str(s), str(d), str(k)) for s, d, k in loaded.edges(keys=True)) == \
        sorted((str(s), str(d), str(k)) for s, d, k in original.edges(keys=True))


def test_json_round_trip(exported: Path, full_book: Rulebook) -> None:
    data = json.loads((exported / "rules.json").read_text(encoding="utf-8"))
    g = nx.node_link_graph(data, edges="edges")
    assert isinstance(g, nx.MultiDiGraph) and g.graph["effective"] == "2026-06-19"
    same_graph(g, full_book.graph)
    assert g.nodes["702.19b"]["text"] == full_book.graph.nodes["702.19b"]["text"]
    assert g.nodes["702.19b"]["examples"] == list(full_book.graph.nodes["702.19b"]["examples"])


def test_graphml_round_trip(exported: Path, full_book: Rulebook) -> None:
    g = nx.read_graphml(exported / "rules.graphml", force_multigraph=True)
    assert isinstance(g, nx.MultiDiGraph)
    same_graph(g, full_book.graph)
    node = g.nodes["702.19"]
    assert (node["kind"], node["title"], node["line"]) == ("rule", "Trample", full_book.graph.nodes["702.19"]["line"])
    assert "number" not in g.nodes["glossary:Trample"]  # None values are left out, not written as "None"
    kinds = {data["kind"] for *_, data in g.edges(data=True)}
    assert kinds == {"contains", "cites", "defines", "about", "see_also", "mentions", "current", "renamed_to"}
    similarity = [d["similarity"] for *_, d in g.edges(data=True) if "similarity" in d]
    assert similarity and all(isinstance(s, float) for s in similarity)


def test_dot_syntax(exported: Path, full_book: Rulebook, seeds_book: Rulebook, tmp_path: Path) -> None:
    text = (exported / "rules.dot").read_text(encoding="utf-8")
    assert text.startswith("digraph rulesgraph {") and text.rstrip().endswith("}")
    assert '"702.19" -> "702.19a" [kind="contains"' in text
    assert to_dot(nx.MultiDiGraph([("a\"b", "c\\d")])).count('"a\\"b" -> "c\\\\d"') == 1
    part = nx.MultiDiGraph()  # a part's label says its title already: "IPG 2.1 Philosophy Philosophy" (a trial)
    part.add_node("IPG 2.1 Philosophy", label="IPG 2.1 Philosophy", title="Philosophy", kind="part")
    part.add_node("702.19", label="702.19", title="Trample", kind="rule")
    assert 'label="IPG 2.1 Philosophy",' in to_dot(part) and 'label="702.19 Trample"' in to_dot(part)
    dot, nop = shutil.which("dot"), shutil.which("nop")
    if dot is None or nop is None:
        missing = " and ".join(n for n, p in (("dot", dot), ("nop", nop)) if p is None)
        require_tool(f"Graphviz's {missing} not found (apt-get install graphviz); the DOT text was checked without it")
    # the whole graph: parsed by Graphviz without a layout (laying out 4,500 nodes takes minutes)
    proc = subprocess.run([nop, str(exported / "rules.dot")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and not proc.stderr, proc.stderr
    for name, g in (("seeds", seeds_book.graph), ("trample", around(full_book.graph, "702.19"))):
        path = tmp_path / f"{name}.dot"
        export_graph(g, path)
        proc = subprocess.run([dot, "-Tsvg", str(path), "-o", str(tmp_path / f"{name}.svg")], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0 and "Error" not in proc.stderr, proc.stderr
        assert (tmp_path / f"{name}.svg").read_text().lstrip().startswith("<?xml")


def test_formats_and_errors(tmp_path: Path, full_book: Rulebook) -> None:
    assert format_for("x.graphml", None) == "graphml" and format_for("x.gv", None) == "dot" and format_for("x", "json") == "json"
    with pytest.raises(RulesgraphError, match="--format"):
        format_for("graph.out", None)
    with pytest.raises(RulesgraphError, match="is a directory"):
        export_graph(full_book.graph, tmp_path, "json")
    with pytest.raises(NotFound, match=r"no rule 999\.99"):  # nothing found: exit 1, as README says of a rule not there
        around(full_book.graph, "999.99")
    small = around(full_book.graph, "702.19")
    assert {"702.19", "702.19a", "keyword:trample", "glossary:Trample", "510"} <= set(small.nodes) and len(small) < 60


def test_cli_export_graph(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "graph", "--format", "json", str(tmp_path / "g.out")]) == 0
    assert "nodes and" in capsys.readouterr().out
    assert nx.node_link_graph(json.loads((tmp_path / "g.out").read_text()), edges="edges").number_of_nodes() > 200
    assert main(["export", "graph", str(tmp_path / "g.unknown")]) == 2
    assert "--format" in capsys.readouterr().err
    assert main(["export", "graph", str(tmp_path / "g.dot"), "--single-page"]) == 2


# --- where the graph may be written (issue 18) ---------------------------------------------------------------

def test_graphml_with_control_characters_reads_back(tmp_path: Path) -> None:
    """XML 1.0 forbids most C0 controls, lone surrogates and U+FFFE/U+FFFF, in ids as in texts."""
    from .hostile import build, cr_file

    bad = "".join(chr(c) for c in [*range(1, 9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])
    pad = " and then some ordinary words of rules text." * 20
    g = build(cr_file([f"100.9. Text {bad}{pad}", f"Example: an example {bad}{pad}"], [f"Te{bad}rm", f"A term. See Trample.{pad}"]))
    out = tmp_path / "bad.graphml"
    export_graph(g, out)
    loaded = nx.read_graphml(out)
    assert loaded.number_of_nodes() == g.number_of_nodes() and loaded.number_of_edges() == g.number_of_edges()
    assert "Text \ufffd" in loaded.nodes["100.9"]["text"]


def test_dash_writes_the_graph_to_stdout() -> None:
    proc = subprocess.run([sys.executable, "-m", "rulesgraph", "export", "graph", "-"], capture_output=True, timeout=120)
    data = json.loads(proc.stdout)
    assert proc.returncode == 0 and data["nodes"] and b"to standard output" in proc.stderr


def test_a_fifo_or_device_is_written_as_a_stream_never_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`export graph /dev/stdout` (as root) wrote a temporary file in /dev and renamed it over the device node."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert main(["export", "graph", str(fifo), "--format", "dot"]) == 0
    reader.join(30)
    assert got and got[0].startswith(b"digraph") and stat.S_ISFIFO(fifo.stat().st_mode)
    capsys.readouterr()
    if Path("/dev/full").is_char_device():  # a full device: one line, exit 2, and still a device
        assert main(["export", "graph", "/dev/full", "--format", "json"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "No space left on device" in err and Path("/dev/full").is_char_device()
    assert not [p for p in tmp_path.iterdir() if p.name != "pipe"]


def test_never_onto_a_loaded_or_installed_source(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from .minicr import make_cr

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))  # what it installs stays in this test

    cr = tmp_path / "mycr.txt"
    cr.write_text(make_cr(), encoding="utf-8")
    before = cr.read_bytes()
    assert main(["--rules", str(cr), "export", "graph", str(cr), "--format", "json"]) == 2
    assert "refusing to write there" in capsys.readouterr().err and cr.read_bytes() == before
    assert main(["update", "--file", str(cr)]) == 0
    (installed,) = (Path(os.environ["RULESGRAPH_DATA_DIR"]) / "rules").glob("*.txt")
    capsys.readouterr()
    for target in (installed, installed.parent / "new.json", tmp_path / "link.json"):
        if target.name == "link.json":
            target.symlink_to(installed)
        assert main(["export", "graph", str(target), "--format", "json"]) == 2, target
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "refusing to write there" in err
    assert installed.read_bytes() == before


def test_a_file_in_a_directory_that_is_not_there_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``export graph /nonexistent/dir/x.json`` made /nonexistent/dir and wrote there; now: one line, exit 2, nothing made
    — and said before the rules and cards are read (it took 13 s to say it after)."""
    from rulesgraph_cli.context import Context

    target = tmp_path / "missing" / "x.json"
    monkeypatch.setattr(Context, "book", lambda *a, **k: pytest.fail("the rules were read first"))
    for what in (["graph", str(target), "--format", "json", "--no-cards"], ["html", str(target.parent / "site")]):
        assert main(["export", *what]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"no such directory {target.parent}" in err
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_card_store_stops_the_export(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An export holds every installed card: with the card store damaged, 'export graph' and 'export html' say so in one
    line and exit 2, writing nothing (a graph without its cards would pass for the whole graph); 'export graph
    --no-cards' still writes the rest.  (A data directory of its own: the damaged store must not outlive the test.)"""
    from rulesgraph.cards import store_path

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store = store_path()
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_bytes(b"not a database at all" * 100)
    out = tmp_path / "g.json"
    assert main(["export", "graph", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a card store" in err[0] and "--no-cards" in err[0]
    assert not out.exists()
    assert main(["export", "html", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a card store" in err[0] and "update cards" in err[0]
    assert not (tmp_path / "site").exists()
    assert main(["export", "graph", "--no-cards", str(out)]) == 0
    assert nx.node_link_graph(json.loads(out.read_text()), edges="edges").number_of_nodes() > 200


def test_card_data_damaged_behind_the_names_stops_the_graph_export(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch, seeds_book: Rulebook) -> None:
    """A store that opens but whose rulings' links are gone (a dropped table) fails as the cards are read: the same one
    line, naming --no-cards, exit 2, nothing written."""
    import sqlite3

    from rulesgraph.cards import store_path
    from rulesgraph.cards.install import install
    from rulesgraph.cards.read import read_card_file
    from rulesgraph.cards.rulinglinks import Linker
    from rulesgraph.cards.view import keyword_list

    from .conftest import M21, require_cards

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store_path().parent.mkdir(parents=True)
    install(read_card_file(require_cards(M21)), keyword_list(seeds_book), path=store_path(), linker=Linker(seeds_book))
    with sqlite3.connect(store_path()) as db:
        db.execute("drop table ruling_rules")
    out = tmp_path / "g.json"
    assert main(["export", "graph", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "ruling_rules" in err[0] and "--no-cards" in err[0]
    assert not out.exists()
