"""The query-time graph says what the networkx graph says: same nodes and attributes, subtrees as ranges,
edges of every kind in both directions in the same order, and it survives the cache's round trip."""

from __future__ import annotations

import marshal
import subprocess
import sys

import pytest

from rulesgraph import Rulebook
from rulesgraph.build.graph import EDGE_KINDS
from rulesgraph.build.link import subtree, targets
from rulesgraph.build.qgraph import EDGE_KINDS as QUERY_EDGE_KINDS
from rulesgraph.build.qgraph import QGraph


def test_nodes_and_attributes_are_the_graphs(seeds_book: Rulebook) -> None:
    g, qg = seeds_book.graph, seeds_book.qg
    assert list(qg.nodes) == list(g.nodes)
    assert all(dict(a) == dict(b) for (_, a), (_, b) in zip(qg.nodes(data=True), g.nodes(data=True), strict=True))
    assert qg.number_of_nodes() == g.number_of_nodes() and qg.number_of_edges() == g.number_of_edges()


def test_every_subtree_is_a_contiguous_range(full_book: Rulebook) -> None:
    g, qg = full_book.graph, full_book.qg
    for node in g.nodes:
        i = qg.num[node]
        assert qg.subtree(node) == subtree(g, node) == qg.ids[i : qg.end[i]]


def test_edges_of_every_kind_both_ways(full_book: Rulebook) -> None:
    g, qg = full_book.graph, full_book.qg
    assert QUERY_EDGE_KINDS == EDGE_KINDS
    for node in g.nodes:
        assert qg.in_edges(node, keys=True) == list(g.in_edges(node, keys=True))
        for kind in EDGE_KINDS:
            assert qg.targets(node, kind) == targets(g, node, kind)
            assert qg.sources(node, kind) == [src for src, keys in g.pred[node].items() if kind in keys]


def test_columns(full_book: Rulebook) -> None:
    qg = full_book.qg
    i = qg.num["702.19b"]
    assert (qg.section[i], qg.kwrule[i], qg.ids[qg.up[i]]) == ("702", "702.19", "702.19")
    assert qg.up[qg.num["702"]] == -1 and qg.kwrule[qg.num["509.1a"]] is None
    assert qg.variant[qg.num["810.1"]] and not qg.variant[qg.num["800.1"]] and not qg.excerpt[i]
    start, end = qg.spans["702"]
    assert qg.ids[start] == "702" and end == qg.end[start]
    assert "trampl" in qg.terms_under(qg.num["702.19"]) and "trampl" in qg.stems[i]


def test_terms_under_are_the_same_when_no_longer_kept(full_book: Rulebook) -> None:
    """Only the last :data:`UNDER_KEPT` nodes' sets (two memos of them) are kept; one asked again after it was dropped
    is worked out again, equal."""
    from rulesgraph.build.qgraph import UNDER_KEPT

    qg = full_book.qg
    nodes = [i for i in range(len(qg.ids)) if qg.kind[i] == "rule"][: 3 * UNDER_KEPT]
    first = [qg.terms_under(i) for i in nodes]
    assert len(qg._under) <= 2 * UNDER_KEPT
    assert [qg.terms_under(i) for i in nodes] == first
    assert qg.terms_under(nodes[-1]) is qg.terms_under(nodes[-1])  # a set just worked out is the one kept


def test_sections_are_numbered_alike_exactly_when_they_are_one_section(full_book: Rulebook) -> None:
    """``section_no`` (the compiled base step's section column): 0 exactly for nodes without a section, and two
    nodes share a number exactly when they share a section."""
    qg = full_book.qg
    named = {}
    for sec, no in zip(qg.section, qg.section_no, strict=True):
        assert (no == 0) == (not sec)
        if sec:
            assert named.setdefault(no, sec) == sec
    assert len(named) == len({s for s in qg.section if s}) == len(qg.spans)


def test_word_lines_are_the_words_of_text_and_examples(seeds_book: Rulebook) -> None:
    """A node's word line (made with the cache) is its text's and examples' words between spaces."""
    from rulesgraph.common.text import words

    qg = seeds_book.qg
    for i, node in enumerate(qg.ids):
        data = qg.nodes[node]
        assert qg.word_line(i) == f" {' '.join(words(' '.join([data['text'], *(data.get('examples') or ())])))} "


def test_the_cache_round_trip_keeps_everything(seeds_book: Rulebook) -> None:
    qg = seeds_book.qg
    again = QGraph.from_parts(marshal.loads(marshal.dumps(qg.parts())))
    assert again.ids == qg.ids and list(again.end) == list(qg.end) and again.current == qg.current
    assert [again.nodes[n] for n in again.ids] == [qg.nodes[n] for n in qg.ids]
    assert all(again.in_edges(n) == qg.in_edges(n) for n in qg.ids)
    assert list(again.section_no) == list(qg.section_no) and again.section == qg.section
    assert [again.word_line(i) for i in range(len(qg.ids))] == [qg.word_line(i) for i in range(len(qg.ids))]


def test_answering_from_the_cache_needs_no_networkx(tmp_path) -> None:  # type: ignore[no-untyped-def]
    script = ("import sys; from rulesgraph import ask, load, bundled_sources; "
              "b = load(bundled_sources()); ask(b, 'what does trample do?'); "
              "print(b.from_cache, sorted(m for m in ('networkx', 'rich', 'prompt_toolkit') if m in sys.modules))")
    env = {"RULESGRAPH_CACHE_DIR": str(tmp_path), "PATH": ""}
    run = lambda: subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True).stdout.strip()
    assert run() == "False ['networkx']"  # building needs networkx
    assert run() == "True []"  # answering from the cache does not


def test_attrs_read_from_the_cache_are_the_same_when_no_longer_kept() -> None:
    """Attribute dicts decoded from the cache: only the last :data:`ATTRS_KEPT` (two memos of them) are kept; one read again
    after it was dropped is decoded again, equal; negative numbers read from the end, as a list's."""
    from rulesgraph.build.qgraph import ATTRS_KEPT, _Attrs

    attrs = [{"kind": "rule", "number": f"100.{i}", "text": "x" * (i % 7)} for i in range(3 * ATTRS_KEPT)]
    built = _Attrs.of(attrs)
    read = _Attrs(built.parts()[0], built._offsets)
    assert len(read) == len(attrs) and read[-1] == attrs[-1]
    for _ in range(2):
        assert [read[i] for i in range(len(attrs))] == attrs
    assert len(read._recent) <= 2 * ATTRS_KEPT
    first = read[5]
    assert read[5] is first  # a dict just read is the one kept
    with pytest.raises(IndexError):
        read[len(attrs)]
