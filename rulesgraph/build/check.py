"""The ``check`` report: counts, resolved references, dangling references and anomalies of a Rulebook."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .corpus import Rulebook, firsts_path, firsts_table, learned_path, learned_table, questions_path, questions_table, standing_path

__all__ = ["check_report"]


def _where(item: dict[str, Any]) -> str | None:
    if isinstance(item.get("origin"), dict):
        item = item["origin"]
    return f"{item['file']}:{item['line']}" if item.get("file") else None


def _tables_skipped() -> list[dict[str, Any]]:
    """The lines of the bundled tables (the learned rule words, ``data/learned.tsv``; the labelled questions' words,
    ``data/questions.tsv``; the first rules' record, ``data/firsts.tsv``; the rules' standing, ``data/standing.tsv``)
    their readers leave out, as skipped lines."""
    out: list[dict[str, Any]] = []
    for what, path, read in (("learned rule words", learned_path(), learned_table),
                             ("labelled questions' words", questions_path(), questions_table),
                             ("first rules' record", firsts_path(), firsts_table), ("rules' standing", standing_path(), firsts_table)):
        _, problems, error = read(path)
        if error is not None:
            out.append({"reason": f"{what} not read ({error})", "text": "", "where": str(path)})
        out += [{"reason": f"{what}: {why}", "text": line, "where": f"{path}:{n}"} for n, why, line in problems]
    return out


def check_report(book: Rulebook) -> dict[str, Any]:
    """A JSON-ready report; counts are totals over every loaded source, with a per-document breakdown (and the bundled
    tables: how many of the loaded rules have learned words, and a first rules' record — none when the tables were made
    with another edition's rules —, and the tables' lines left out, among the skipped lines)."""
    g = book.graph
    kinds = Counter(d["kind"] for _, d in g.nodes(data=True))
    documents = g.graph["documents"]
    anomalies = [
        {"kind": a["kind"], "message": a["message"], "where": _where(a), "text": a.get("text")}
        for a in [*(a for doc in documents for a in doc["anomalies"]), *g.graph["link_anomalies"]]
    ]
    return {
        "effective_date": book.effective,
        "chapters": kinds["chapter"],
        "sections": kinds["section"],
        "rules": kinds["rule"],
        "subrules": kinds["subrule"],
        "paragraphs": kinds["paragraph"],
        "examples": sum(len(d.get("examples") or ()) for _, d in g.nodes(data=True)),
        "glossary": kinds["glossary"],
        "keywords": kinds["keyword"],
        "faq": kinds["faq"],
        "cards": kinds["card"],
        "nodes": g.number_of_nodes(),
        "edges": g.number_of_edges(),
        "references": g.graph["references"],
        "learned_rules": len(set(book.index.learned.docs)),
        "labelled_questions": len(book.index.settled),
        "first_rules": len(book.index.firsts),
        "dangling": [
            {"ref": d["raw"], "target": d["target"], "where": _where(d), "reason": d["reason"]} for d in g.graph["dangling"]
        ],
        "anomalies": anomalies,
        "skipped": [
            *({"reason": s["reason"], "text": s["text"], "where": _where(s)} for doc in documents for s in doc["skipped"]),
            *_tables_skipped(),
        ],
        "documents": [
            {k: doc[k] for k in ("path", "format", "encoding", "effective", "lines", "chapter", "section", "rule", "subrule",
                                 "paragraph", "examples", "glossary", "faq", "keywords")}
            for doc in documents
        ],
    }
