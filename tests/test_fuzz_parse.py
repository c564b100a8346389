"""Property-based tests of the readers and parsers: random lines shaped like rules text, random bytes, and
mutations of the real Comprehensive Rules and the bundled files (lines dropped, duplicated, shuffled, cut
mid-line, numbers corrupted, indentation changed, encodings and line endings swapped), in every format.

Properties: the only exception is :class:`SourceError` naming the file; parsing is deterministic (the same
bytes give an equal document and graph); every origin points into the file; and no text is lost — every
non-blank line is in some node, the front matter or credits, or the check report (see tests/textcheck.py).
Also: every line of the real files is accounted for, and their graph is the same under any hash seed."""

from __future__ import annotations

import codecs
import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.build.corpus import bundled_dir
from rulesgraph.build.graph import build_graph
from rulesgraph.errors import SourceError
from rulesgraph.model import Document
from rulesgraph.parse import parse
from rulesgraph.sources.read import FORMATS, RawSource, decode_source, read_source

from .conftest import CR_2024, CR_2026, FIXTURES, require_cr
from .textcheck import unaccounted

PATH = "fuzz.txt"
SLICE = "cr-2026 (slice)"


def _slice_of_the_cr() -> dict[str, list[str]]:
    """Title, introduction and contents of the 2026 CR, two stretches of its body, a stretch of the glossary
    and the credits: every part of the real file, small enough to mutate hundreds of times.  Without the
    file, nothing (and :func:`test_the_slice_is_a_real_cr` skips, or fails where the full CR is required)."""
    if not CR_2026.is_file():
        return {}
    lines = CR_2026.read_text(encoding="utf-8-sig").splitlines()
    stripped = [line.strip() for line in lines]
    body = stripped.index("Credits", stripped.index("Contents")) + 1
    trample = stripped.index("702.19. Trample")
    glossary = len(stripped) - 1 - stripped[::-1].index("Glossary")
    credits = len(stripped) - 1 - stripped[::-1].index("Credits")
    return {SLICE: lines[: body + 80] + lines[trample - 30 : trample + 50] + lines[glossary : glossary + 80] + lines[credits:]}


BASES: dict[str, list[str]] = {
    **_slice_of_the_cr(),
    "mini_cr.txt": (FIXTURES / "mini_cr.txt").read_text(encoding="utf-8").split("\n"),
    "mini_faq.txt": (FIXTURES / "mini_faq.txt").read_text(encoding="utf-8").split("\n"),
    **{p.name: p.read_text(encoding="utf-8-sig").split("\n") for p in sorted(bundled_dir().glob("*.txt"))},
}


# --- loading one source and checking the properties ----------------------------------------------------------

def graph_signature(g: nx.MultiDiGraph) -> str:
    """Everything a graph holds, in its own order: equal signatures, equal graphs (insertion order included)."""
    nodes = [(n, sorted(d.items())) for n, d in g.nodes(data=True)]
    edges = [(u, v, k, sorted(d.items())) for u, v, k, d in g.edges(keys=True, data=True)]
    return repr((nodes, edges, sorted(g.graph.items())))


def load_bytes(data: bytes, fmt: str | None) -> tuple[tuple[str, ...], Document, nx.MultiDiGraph] | None:
    """Decode and parse ``data`` as the file ``fuzz.txt``; ``None`` when refused with a proper SourceError."""
    raw = RawSource(PATH, data, hashlib.sha256(data).hexdigest())
    try:
        source = decode_source(raw)
        doc = parse(source, fmt)
    except SourceError as exc:
        message = str(exc)
        assert message.startswith(f"{PATH}:") and "\n" not in message, message
        return None
    return source.lines, doc, build_graph([doc])


def check(data: bytes, fmt: str | None) -> None:
    loaded = load_bytes(data, fmt)
    if loaded is None:
        return
    lines, doc, g = loaded
    again = load_bytes(data, fmt)
    assert again is not None and again[1] == doc, "parsing the same bytes twice gave different documents"
    assert graph_signature(again[2]) == graph_signature(g), "the same document gave different graphs"
    origins = [r.origin for r in doc.rules] + [e.origin for r in doc.rules for e in r.examples] + [e.origin for e in doc.glossary]
    origins += [f.origin for f in doc.faq] + [a.origin for a in doc.anomalies] + [s.origin for s in doc.skipped]
    assert all(o.file == PATH and 1 <= o.line <= max(len(lines), 1) for o in origins), "an origin outside the file"
    missing = unaccounted(lines, [doc], g)
    assert not missing, f"lines found nowhere ({doc.format}): {missing[:3]}"


# --- strategies ----------------------------------------------------------------------------------------------

WORDS = st.sampled_from("the a creature trample Trample deathtouch player damage See rule rules 702.19 701.1a section 8 “Trample.” "
                        "[b]bold[/b] [cost] can’t is means Example: Q: A: Glossary Credits Contents (Obsolete) 1. 2. — … é"
                        .split())
SENTENCE = st.lists(WORDS, min_size=1, max_size=12).map(" ".join)
NUMBER = st.one_of(st.from_regex(r"\A[1-9]\d\d\.\d{1,2}[a-z]?\.?\Z"), st.from_regex(r"\A[1-9]\d\d\.\Z"), st.from_regex(r"\A[1-9]\.\Z"))
LINE = st.one_of(
    st.just(""),
    st.sampled_from(["Glossary", "Credits", "Contents", "Specific Questions", "Haste", "~~~~", "----", "Introduction",
                     "These rules are effective as of June 19, 2026.", "These rules are effective as of February 30, 2026.",
                     "Magic: The Gathering Comprehensive Rules", "Example:", "Q:", "A:", "   ", "\t"]),
    st.tuples(NUMBER, SENTENCE).map(" ".join),
    SENTENCE,
    SENTENCE.map(lambda s: "Example: " + s),
    SENTENCE.map(lambda s: "    " + s),
    st.tuples(SENTENCE, SENTENCE).map(lambda qa: f"Q: {qa[0]}? A: {qa[1]}."),
    SENTENCE.map(lambda s: f"{s.split()[0].capitalize()} (Obsolete)"),
    st.text(max_size=40),
)
FORMAT = st.sampled_from([None, *FORMATS])
NEWLINE = st.sampled_from(["\n", "\r\n", "\r"])


def _encode(lines: list[str], newline: str, codec: str) -> bytes:
    text = newline.join(lines)
    if codec == "mojibake":  # UTF-8 read as Windows-1252 by something, and saved again as UTF-8
        return text.encode("utf-8").decode("cp1252", errors="replace").encode("utf-8")
    if codec == "utf-16-be+bom":
        return codecs.BOM_UTF16_BE + text.encode("utf-16-be", errors="replace")
    return text.encode(codec, errors="replace")


CODEC = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-be+bom", "utf-32", "cp1252", "latin-1", "utf-16-le", "mojibake"])


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, list[str]]:
    """One of the real files with one to eight mutations."""
    name = draw(st.sampled_from(sorted(BASES)))
    lines = list(BASES[name])
    for op in draw(st.lists(st.sampled_from(["drop", "duplicate", "move", "shuffle", "cut", "cut file", "number", "insert", "indent",
                                             "join", "split", "blank"]), min_size=1, max_size=8)):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if op == "drop":
            del lines[i : i + draw(st.integers(1, 5))]
        elif op == "duplicate":
            lines.insert(draw(st.integers(0, len(lines))), line)
        elif op == "move":
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(i))
        elif op == "shuffle":
            block = lines[i : i + draw(st.integers(2, 12))]
            lines[i : i + len(block)] = draw(st.permutations(block))
        elif op == "cut":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        elif op == "cut file":
            lines[i:] = [line[: draw(st.integers(0, len(line)))]]
        elif op == "number" and line[:1].isdigit():
            k = draw(st.integers(0, min(len(line), 8) - 1))
            lines[i] = line[:k] + draw(st.sampled_from("0123456789.abclo ")) + line[k + 1 :]
        elif op == "insert":
            lines.insert(i, draw(LINE))
        elif op == "indent":
            lines[i] = line.strip() if line[:1].isspace() else "   " + line
        elif op == "join" and i + 1 < len(lines):
            lines[i : i + 2] = [f"{line} {lines[i + 1]}"]
        elif op == "split" and " " in line:
            at = draw(st.sampled_from([k for k, ch in enumerate(line) if ch == " "]))
            lines[i : i + 1] = [line[:at], line[at + 1 :]]
        elif op == "blank":
            lines.insert(i, "")
    return name, lines


# documents written from each format's grammar, numbers, terms and headings drawn from small sets so that
# repeats (the same rule number, term or heading twice with other words) are common
RULE_NUMBER = st.sampled_from(["100", "100.1", "100.1a", "100.1b", "100.2", "702", "702.19", "702.19a", "702.19b", "702.19c", "7", "1"])
TERM = st.sampled_from(["Trample", "Flying", "Haste", "Active Player", "Bury (Obsolete)", "Color"])
HEADING = st.sampled_from(["Flying", "Haste", "Trample", "Search", "Ωμέγα", "Δέλτα", "Gift"])
PARAGRAPH = st.lists(SENTENCE.map(lambda s: s + "."), min_size=1, max_size=3)


@st.composite
def cr_document(draw: st.DrawFn) -> list[str]:
    lines = ["Magic: The Gathering Comprehensive Rules", "", "These rules are effective as of June 19, 2026.", "", "Introduction", "",
             *draw(PARAGRAPH), "", "Contents", ""]
    lines += [f"{n}. {draw(SENTENCE)}" for n in draw(st.lists(RULE_NUMBER, max_size=5))] + ["Glossary", "Credits", ""]
    for number in draw(st.lists(RULE_NUMBER, min_size=1, max_size=14)):
        lines += [f"{number}{draw(st.sampled_from(['. ', ' ', '.']))}{draw(SENTENCE)}"]
        lines += draw(st.lists(st.one_of(SENTENCE.map(lambda s: "Example: " + s), SENTENCE.map(lambda s: "     " + s), SENTENCE,
                                         st.just("")), max_size=3))
        lines.append("")
    lines += ["Glossary", ""]
    for term in draw(st.lists(TERM, max_size=6)):
        lines += [term, *draw(PARAGRAPH), ""]
    return [*lines, "Credits", "", *draw(PARAGRAPH)]


@st.composite
def faq_document(draw: st.DrawFn) -> list[str]:
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        lines += [f"{n} {draw(SENTENCE)}" for n in draw(st.lists(RULE_NUMBER.filter(lambda n: "." in n), max_size=3))]
        if draw(st.booleans()):
            lines.append("Specific Questions")
        for question, answer in draw(st.lists(st.tuples(SENTENCE, PARAGRAPH), max_size=3)):
            inline = draw(st.booleans())  # "Q: … A: …" on one line, or the answer on its own
            lines += [f"Q: {question}? A: {answer[0]}"] if inline else [f"Q: {question}?", f"A: {answer[0]}"]
            lines += answer[1:]
        lines.append(draw(st.sampled_from(["Signature line of the page.", "~~~~", ""])))
    return lines


@st.composite
def sections_document(draw: st.DrawFn) -> list[str]:
    lines: list[str] = []
    for heading in draw(st.lists(HEADING, min_size=1, max_size=8)):
        lines += [heading, ""]
        for paragraph in draw(st.lists(PARAGRAPH, max_size=3)):
            lines += [*(paragraph if draw(st.booleans()) else [f"{heading} {paragraph[0]}", *paragraph[1:]]), ""]
    return lines


# --- the properties -----------------------------------------------------------------------------------------

@given(st.lists(LINE, max_size=80), NEWLINE, FORMAT)
def test_random_lines_in_every_format(lines: list[str], newline: str, fmt: str | None) -> None:
    check(newline.join(lines).encode("utf-8"), fmt)


@given(cr_document(), NEWLINE, st.sampled_from([None, "cr"]))
def test_documents_from_the_cr_grammar(lines: list[str], newline: str, fmt: str | None) -> None:
    check(newline.join(lines).encode("utf-8"), fmt)


@given(faq_document(), NEWLINE, st.sampled_from([None, "faq", "excerpt"]))
def test_documents_from_the_faq_grammar(lines: list[str], newline: str, fmt: str | None) -> None:
    check(newline.join(lines).encode("utf-8"), fmt)


@given(sections_document(), NEWLINE, st.sampled_from([None, "sections"]))
def test_documents_from_the_sections_grammar(lines: list[str], newline: str, fmt: str | None) -> None:
    check(newline.join(lines).encode("utf-8"), fmt)


@given(st.binary(max_size=2000), FORMAT)
def test_random_bytes(data: bytes, fmt: str | None) -> None:
    check(data, fmt)


@given(st.text(max_size=2000), FORMAT)
def test_random_text(text: str, fmt: str | None) -> None:
    check(text.encode("utf-8", errors="surrogatepass"), fmt)


@given(mutated(), NEWLINE, CODEC, FORMAT)
def test_mutations_of_the_real_files(base: tuple[str, list[str]], newline: str, codec: str, fmt: str | None) -> None:
    _, lines = base
    check(_encode(lines, newline, codec), fmt)


@given(mutated(), st.data())
def test_mutations_with_mixed_line_endings(base: tuple[str, list[str]], data: st.DataObject) -> None:
    _, lines = base
    ends = data.draw(st.lists(NEWLINE, min_size=len(lines), max_size=len(lines)))
    check("".join(line + end for line, end in zip(lines, ends, strict=True)).encode("utf-8"), None)


def test_the_slice_is_a_real_cr() -> None:
    """The mutated slice starts from something every part of the CR parser reads."""
    require_cr(CR_2026)
    loaded = load_bytes("\n".join(BASES[SLICE]).encode(), None)
    assert loaded is not None
    _, doc, _ = loaded
    assert doc.format == "cr" and doc.glossary and doc.credits and doc.skipped and doc.effective


# --- the real files, whole ----------------------------------------------------------------------------------

REAL = [pytest.param(CR_2026, id="CR 2026"), pytest.param(CR_2024, id="CR 2024"),
        *(pytest.param(p, id=p.name) for p in sorted(bundled_dir().glob("*.txt"))),
        pytest.param(FIXTURES / "mini_cr.txt", id="mini_cr.txt"), pytest.param(FIXTURES / "mini_faq.txt", id="mini_faq.txt")]


@pytest.mark.parametrize("path", REAL)
def test_every_line_of_the_real_files_is_accounted_for(path: Path) -> None:
    if path.parent != FIXTURES and path.parent != bundled_dir():
        require_cr(path)
    source = read_source(path)
    doc = parse(source)
    assert unaccounted(source.lines, [doc], build_graph([doc])) == []


_DIGEST = """
import hashlib, json, sys
from networkx.readwrite import json_graph
from rulesgraph import SourceSpec, bundled_sources, load
book = load([*bundled_sources(), SourceSpec(sys.argv[1], None, "cr.txt")], use_cache=False)
data = json_graph.node_link_data(book.graph, edges="edges")
print(hashlib.sha256(json.dumps(data, default=repr).encode()).hexdigest())
"""


def _digest(cr: Path, seed: str) -> str:
    env: dict[str, Any] = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.run([sys.executable, "-c", _DIGEST, str(cr)], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_the_graph_is_the_same_under_any_hash_seed(cr2026: Path) -> None:
    """String hashing differs between processes; nothing built may depend on set or dict-of-set order."""
    assert _digest(cr2026, "1") == _digest(cr2026, "2") == _digest(cr2026, "12345")


def test_graph_signature_sees_order() -> None:
    a, b = nx.MultiDiGraph(), nx.MultiDiGraph()
    a.add_nodes_from(["x", "y"])
    b.add_nodes_from(["y", "x"])
    assert graph_signature(a) != graph_signature(b)
