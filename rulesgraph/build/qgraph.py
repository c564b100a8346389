"""The query-time form of the knowledge graph: plain lists and arrays, no networkx, built with the cache.

Nodes are numbered in document order (a preorder walk of the ``contains`` forest, roots in the order the
graph was built), so every subtree is one contiguous range ``[i, end[i])``.  Per node there are columns
(``kind``, ``section``, ``up`` — the CR rule or subrule above it —, ``kwrule`` — the 701/702 rule it belongs
to —, ``variant``/``excerpt`` flags, its attribute dict as built), the stems of its text and of its examples,
and, per edge kind, its out- and in-neighbours as offset/target arrays.  The read API that the answer,
lookup and profile code uses (``g.nodes[id]``, ``g.nodes(data=True)``, ``id in g``, ``g.in_edges(id,
keys=True)``, ``g.graph``) mirrors networkx's, so the same code reads either; ranking steps use the numbered
columns directly.

:func:`build_qgraph` (build time) turns a networkx graph into :class:`QGraph`; :meth:`QGraph.parts` and
:meth:`QGraph.from_parts` turn it into, and back from, builtins (lists, dicts, strings, bytes) that
:mod:`rulesgraph.build.cache` stores with a SHA-256 (no pickled objects).
"""

from __future__ import annotations

import marshal
import sys
from array import array
from collections.abc import Container, Iterator
from typing import TYPE_CHECKING, Any

from ..common.recent import Recent
from ..common.text import terms as doc_terms_of
from ..common.text import word_line
from ..errors import RulesgraphError
from ..parse.numbers import parent_of, rule_of

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["EDGE_KINDS", "QGraph", "build_qgraph"]

ATTRS_KEPT = 512
"""Node attribute dicts decoded from the cache kept in each of :class:`_Attrs`'s two memos."""
UNDER_KEPT = 128
"""Nodes whose :meth:`QGraph.terms_under` sets are kept in each of two memos."""
EDGE_KINDS = ("contains", "cites", "defines", "about", "see_also", "mentions", "current", "renamed_to")


class _Nodes:
    """``g.nodes``: ``g.nodes[id]`` is a node's attributes; ``g.nodes(data=True)`` iterates in build order."""

    def __init__(self, g: QGraph) -> None:
        self._g = g

    def __getitem__(self, node: str) -> dict[str, Any]:
        return self._g.attrs[self._g.num[node]]

    def __contains__(self, node: object) -> bool:
        return node in self._g.num

    def __iter__(self) -> Iterator[str]:
        ids = self._g.ids
        return (ids[i] for i in self._g.order)

    def __len__(self) -> int:
        return len(self._g.ids)

    def __call__(self, data: bool = False) -> Iterator[Any]:
        g = self._g
        if not data:
            return iter(self)
        return ((g.ids[i], g.attrs[i]) for i in g.order)


class _Attrs:
    """Node attribute dicts, each decoded from the cached bytes when it is read (an answer reads a few dozen of ~4,500;
    decoding them all would be a third of the load time), the last ones read kept: :data:`ATTRS_KEPT` in each of two
    memos, the last ones and the ones before (:class:`~rulesgraph.common.recent.Recent`).  Kept all, a stream of
    questions came to hold most of them (~3.5 MB of its peak memory: ruling links read every rule's).  On the stream of
    the 3,763 real questions a question reads ~99: two memos of 512 miss ~10 of them (~4 µs each), of 1,024 ~3, and hold
    ~0.7 MB more of its peak."""

    def __init__(self, blob: bytes, offsets: array[int]) -> None:
        self._blob = memoryview(blob)
        self._offsets = offsets
        self._count = len(offsets) - 1
        self._all: list[dict[str, Any]] | None = None
        """Every node's, as built (:meth:`of`): a graph built in this process keeps them."""
        self._recent: Recent[int, dict[str, Any]] = Recent(ATTRS_KEPT)

    @classmethod
    def of(cls, attrs: list[dict[str, Any]]) -> _Attrs:
        chunks = [marshal.dumps(a) for a in attrs]
        offsets = array("I", [0])
        for c in chunks:
            offsets.append(offsets[-1] + len(c))
        out = cls(b"".join(chunks), offsets)
        out._all = list(attrs)
        return out

    def __getitem__(self, i: int) -> dict[str, Any]:
        if self._all is not None:
            return self._all[i]
        if i < 0:  # as a list is read
            i += self._count
        data = self._recent.get(i)
        if data is None:
            if not 0 <= i < self._count:
                raise IndexError("node number out of range")
            data = marshal.loads(self._blob[self._offsets[i] : self._offsets[i + 1]])
            self._recent.put(i, data)
        return data

    def __len__(self) -> int:
        return self._count

    def parts(self) -> tuple[bytes, bytes]:
        return bytes(self._blob), self._offsets.tobytes()


class _AnyOf:
    """Whether a value is in any of some sets (:meth:`QGraph.terms_under_all`), without their union."""

    __slots__ = ("_sets",)

    def __init__(self, sets: tuple[frozenset[str], ...]) -> None:
        self._sets = sets

    def __contains__(self, value: object) -> bool:
        return any(value in s for s in self._sets)


class QGraph:
    """Nodes in document order with per-node columns and per-kind adjacency (see the module docstring)."""

    def __init__(self, parts: dict[str, Any]) -> None:
        self.ids: list[str] = parts["ids"]
        self.num: dict[str, int] = {n: i for i, n in enumerate(self.ids)}
        attrs = parts["attrs"]
        self.attrs = attrs if isinstance(attrs, _Attrs) else _Attrs(attrs[0], _ints(attrs[1]))
        self.graph: dict[str, Any] = parts["graph"]
        self.order: array[int] = _ints(parts["order"])
        """Node numbers in the order the graph was built (what ``nodes()`` iterates)."""
        self.end: array[int] = _ints(parts["end"])
        """``[i, end[i])`` is node ``i`` and everything it contains."""
        self.up: array[int] = _ints(parts["up"], "i")
        """The CR rule or subrule a CR node's number belongs under (``702.19`` for ``702.19b``), or -1."""
        self.kind: list[str] = parts["kind"]
        self.section: list[str | None] = parts["section"]
        """A CR node's section number (``702`` for ``702.19b``), else ``None``."""
        self.section_no: array[int] = _ints(parts["section_no"], "H")
        """The sections numbered 1, 2, … in document order (0: none); ``section_no[i]`` is node ``i``'s."""
        self.kwrule: list[str | None] = parts["kwrule"]
        """``702.19`` for a 701/702 CR node ``702.19b``: the keyword rule it belongs to, else ``None``."""
        self.variant: bytes = parts["variant"]
        """1 for rules of one multiplayer or casual variant (sections 801–8xx and chapter 9)."""
        self.excerpt: bytes = parts["excerpt"]
        """1 for rules quoted on an old FAQ page (``numbering == "excerpt"``)."""
        self.stems: list[tuple[str, ...]] = parts["stems"]
        """Stems of each node's text."""
        self.example_stems: list[tuple[str, ...]] = parts["example_stems"]
        self.question_stems: dict[int, tuple[str, ...]] = parts["question_stems"]
        """Stems of a FAQ entry's question."""
        self.spans: dict[str, tuple[int, int]] = parts["spans"]
        """Section number → the range of the nodes in it."""
        self._out = {k: (_ints(o), _ints(t)) for k, (o, t) in parts["out"].items()}
        self._in = {k: (_ints(o), _ints(t)) for k, (o, t) in parts["in"].items()}
        self._in_all = (_ints(parts["in_all"][0]), _ints(parts["in_all"][1]), parts["in_all"][2])
        offsets, targets = self._out["current"]
        self.current: dict[int, int] = {i: targets[offsets[i + 1] - 1] for i in range(len(self.ids)) if offsets[i + 1] > offsets[i]}
        """Non-CR rule → the CR rule its text is today (its ``current`` edge)."""
        self.nodes = _Nodes(self)
        self._under: Recent[int, frozenset[str]] = Recent(UNDER_KEPT)
        self._lines: str = parts["lines"][0]
        self._line_at: array[int] = _ints(parts["lines"][1])
        self.memo: dict[Any, Any] = {}
        """Values worked out from the graph alone, kept as questions need them (a keyword's defining rules)."""

    # -- numbered API (ranking) ------------------------------------------------------------------------------
    def out(self, i: int, kind: str) -> array[int]:
        """Where node ``i``'s edges of one kind lead, in the order they were added."""
        offsets, targets = self._out[kind]
        return targets[offsets[i] : offsets[i + 1]]

    def into(self, i: int, kind: str) -> array[int]:
        """Where node ``i``'s incoming edges of one kind come from."""
        offsets, sources = self._in[kind]
        return sources[offsets[i] : offsets[i + 1]]

    def cites_variant(self, i: int) -> bool:
        """Whether node ``i`` (a glossary entry, a keyword …) leads to a variant by what it cites: it cites a variant's
        rules and nothing else.  An entry citing general rules and a variant's ("Lose the Game": rule 104, and 810.8
        "for additional rules for Two-Headed Giant games") is about the general rules, with the variant's special case."""
        cited = self.out(i, "cites")
        return bool(cited) and all(self.variant[t] for t in cited)

    def terms_under(self, i: int) -> frozenset[str]:
        """The stems of the text and examples of node ``i`` and everything under it, kept for the last
        :data:`UNDER_KEPT` nodes asked (two memos of them): on the stream of the 3,763 real questions a question asks ~17,
        ~1 of them worked out again (~13 µs a question), and kept for every node asked they held ~1 MB more of its peak."""
        known = self._under.get(i)
        if known is None:
            start, end = i, self.end[i]
            known = frozenset().union(*self.stems[start:end], *self.example_stems[start:end])
            self._under.put(i, known)
        return known

    def terms_under_all(self, roots: list[int]) -> Container[str]:
        """The stems under any of ``roots``, to ask whether one is (``stem in g.terms_under_all(roots)``): each root's
        :meth:`terms_under` asked in turn.  (Their union, made and kept per set of roots, was ~0.7 MB of a stream's peak
        memory, for the few words of a question looked up in it.)"""
        return _AnyOf(tuple(self.terms_under(r) for r in roots))

    def word_line(self, i: int) -> str:
        """The words of node ``i``'s text and examples, small words included, as :func:`~rulesgraph.common.text.words` makes them,
        each between spaces (``" a word line "``): two words are adjacent exactly when ``" a b "`` is in it.  Made
        with the cache (~1 MB for the 2026 CR): a process's first questions would otherwise spend a tenth of their
        time making the lines of the candidates they quote."""
        return self._lines[self._line_at[i] : self._line_at[i + 1]]

    def kind_of(self, node: str) -> str:
        """A node's kind by id, without decoding its attributes."""
        return self.kind[self.num[node]]

    # -- by id (answers, lookups; the networkx-like read API) ---------------------------------------------
    def __contains__(self, node: object) -> bool:
        return node in self.num

    def targets(self, node: str, kind: str) -> list[str]:
        """Where ``node``'s edges of one kind lead (like :func:`rulesgraph.build.link.targets` on networkx)."""
        ids = self.ids
        return [ids[j] for j in self.out(self.num[node], kind)]

    def sources(self, node: str, kind: str) -> list[str]:
        """Where edges of one kind into ``node`` come from."""
        ids = self.ids
        return [ids[j] for j in self.into(self.num[node], kind)]

    def in_edges(self, node: str, keys: bool = True) -> list[tuple[str, str, str]]:
        """``(source, node, kind)`` of every edge into ``node``, in networkx's order."""
        offsets, sources, kinds = self._in_all
        i = self.num[node]
        ids = self.ids
        return [(ids[sources[e]], node, EDGE_KINDS[kinds[e]]) for e in range(offsets[i], offsets[i + 1])]

    def subtree(self, node: str) -> list[str]:
        """``node`` and everything it ``contains``, in document order."""
        i = self.num[node]
        return self.ids[i : self.end[i]]

    def number_of_nodes(self) -> int:
        return len(self.ids)

    def number_of_edges(self) -> int:
        return sum(len(t) for _, t in self._out.values())

    def parts(self) -> dict[str, Any]:
        """Everything as builtins, for the cache."""
        raw = lambda a: a.tobytes()
        return {
            "ids": self.ids, "attrs": self.attrs.parts(), "kind": self.kind, "graph": self.graph,
            "order": raw(self.order), "end": raw(self.end),
            "up": raw(self.up), "section": self.section, "section_no": raw(self.section_no), "kwrule": self.kwrule,
            "variant": self.variant, "excerpt": self.excerpt,
            "stems": self.stems, "example_stems": self.example_stems, "question_stems": self.question_stems, "spans": self.spans,
            "out": {k: (raw(o), raw(t)) for k, (o, t) in self._out.items()},
            "in": {k: (raw(o), raw(t)) for k, (o, t) in self._in.items()},
            "in_all": (raw(self._in_all[0]), raw(self._in_all[1]), self._in_all[2]),
            "lines": (self._lines, raw(self._line_at)),
        }

    @classmethod
    def from_parts(cls, parts: dict[str, Any]) -> QGraph:
        return cls(parts)


def _ints(data: bytes | memoryview | array[int] | list[int], code: str = "I") -> array[int]:
    if isinstance(data, array):
        return data
    out = array(code)
    if isinstance(data, bytes | memoryview):  # a long one is a view of the cache file (:mod:`..common.marshalled`)
        out.frombytes(data)
    else:
        out.extend(data)
    return out


def _preorder(g: nx.MultiDiGraph) -> list[str]:
    """Every node once, parents before what they contain, each subtree contiguous; roots in build order."""
    contained = {dst for _, dst, k in g.edges(keys=True) if k == "contains"}
    out: list[str] = []
    for root in g.nodes:
        if root in contained:
            continue
        stack = [root]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed([dst for dst, keys in g.succ[node].items() if "contains" in keys]))
    return out


def _variant(node: str) -> bool:
    return len(node) >= 3 and node[:3].isdigit() and (node[0] == "9" or (node[0] == "8" and node[:3] != "800"))


def build_qgraph(g: nx.MultiDiGraph) -> QGraph:
    """The query-time form of a built graph."""
    ids = _preorder(g)
    if len(ids) != g.number_of_nodes():
        raise ValueError("the contains edges do not form a forest")
    num = {n: i for i, n in enumerate(ids)}
    n = len(ids)
    end = list(range(1, n + 1))
    for i in range(n - 1, -1, -1):
        for dst, keys in g.succ[ids[i]].items():
            if "contains" in keys:
                end[i] = max(end[i], end[num[dst]])
    interned: dict[str, str] = {}
    intern = lambda ts: tuple(interned.setdefault(t, t) for t in dict.fromkeys(ts))
    attrs, section, kwrule, up, stems, example_stems = [], [], [], [], [], []
    question_stems: dict[int, tuple[str, ...]] = {}
    for i, nid in enumerate(ids):
        data = dict(g.nodes[nid])
        attrs.append(data)
        cr = data.get("numbering") == "cr"
        number = data.get("number")
        section.append(number.split(".")[0] if cr and number else None)
        kwrule.append(rule_of(nid) if nid[:4] in ("701.", "702.") and nid[4:5].isdigit() else None)
        parent = parent_of(number) if number and cr else None
        up.append(num[parent] if parent and parent in g and g.nodes[parent]["kind"] in ("rule", "subrule") else -1)
        stems.append(intern(doc_terms_of(data.get("text") or "")))
        example_stems.append(intern(doc_terms_of(" ".join(data.get("examples") or ()))))
        if data["kind"] == "faq":
            question_stems[i] = intern(doc_terms_of(data["question"]))
    lines = [f" {word_line(' '.join([a['text'], *(a.get('examples') or ())]))} " for a in attrs]
    line_at = [0]
    for line in lines:
        line_at.append(line_at[-1] + len(line))
    spans: dict[str, tuple[int, int]] = {}
    for i, sec in enumerate(section):
        if sec is not None:
            start, stop = spans.get(sec, (i, i))
            spans[sec] = (min(start, i), max(stop, i + 1))
    for sec, (start, stop) in list(spans.items()):
        if any(section[j] != sec for j in range(start, stop)):
            raise RulesgraphError(f"the rules loaded number section {sec} in two places: a file is out of order "
                                  "('rulesgraph check' says where), or two files of the rules were loaded together")
    numbering = {sec: k for k, sec in enumerate((sec for sec in spans if sec), 1)}
    section_no = [numbering[sec] if sec else 0 for sec in section]
    out: dict[str, tuple[list[int], list[int]]] = {k: ([0], []) for k in EDGE_KINDS}
    into: dict[str, tuple[list[int], list[int]]] = {k: ([0], []) for k in EDGE_KINDS}
    in_all: tuple[list[int], list[int], bytearray] = ([0], [], bytearray())
    for nid in ids:
        for kind in EDGE_KINDS:
            out[kind][1].extend(num[dst] for dst, keys in g.succ[nid].items() if kind in keys)
            out[kind][0].append(len(out[kind][1]))
            into[kind][1].extend(num[src] for src, keys in g.pred[nid].items() if kind in keys)
            into[kind][0].append(len(into[kind][1]))
        for src, keys in g.pred[nid].items():
            for key in keys:
                in_all[1].append(num[src])
                in_all[2].append(EDGE_KINDS.index(key))
        in_all[0].append(len(in_all[1]))
    return QGraph({
        "ids": [sys.intern(x) for x in ids], "attrs": _Attrs.of(attrs), "kind": [a["kind"] for a in attrs], "graph": dict(g.graph),
        "order": [num[x] for x in g.nodes], "end": end,
        "up": _ints(up, "i"), "section": section, "section_no": _ints(section_no, "H"), "kwrule": kwrule,
        "variant": bytes(_variant(x) for x in ids), "excerpt": bytes(a.get("numbering") == "excerpt" for a in attrs),
        "stems": stems, "example_stems": example_stems, "question_stems": question_stems, "spans": spans,
        "out": {k: (_ints(o), _ints(t)) for k, (o, t) in out.items()},
        "in": {k: (_ints(o), _ints(t)) for k, (o, t) in into.items()},
        "in_all": (_ints(in_all[0]), _ints(in_all[1]), bytes(in_all[2])),
        "lines": ("".join(lines), _ints(line_at)),
    })
