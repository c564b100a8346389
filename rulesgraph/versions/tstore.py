"""Installing tournament documents (MTR, IPG, JAR): validate, install atomically beside the CR, download, check.

Each version is kept as ``<data dir>/tournament/<KIND>-YYYYMMDD.txt`` (kind and effective date read from the
document's own text), the extracted text of a PDF or the text file as given; a PDF's original bytes are kept
beside it (``.pdf``).  A file is installed only after it parses as a complete document of its kind, through a
temporary file and a rename: a failure at any point leaves what was installed untouched.  Earlier versions stay.
Listing and loading what is installed is :mod:`rulesgraph.build.tbook`'s.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..build.tbook import load, newest, tournament_dir
from ..common.paths import write_atomically
from ..errors import RulesgraphError, SourceError
from ..parse.kinds import KINDS
from ..sources.read import MAX_BYTES, SourceText, decode, read_bytes, split_lines

if TYPE_CHECKING:  # the parser is imported when a document is read, not to see whether one is installed
    from ..parse.tdoc import TDocument


__all__ = ["KINDS", "MINIMUM", "TValidated", "check_report", "detect_file_kind", "download", "install", "install_file",
           "is_tournament_file", "read_document", "truncated_at", "urls"]

MINIMUM = {"mtr": ("section", 40), "ipg": ("section", 15), "jar": ("heading", 3)}
"""The least a complete document of each kind has (the 2026 MTR has 87 sections, the IPG 28, the JAR 9 headings)."""


@dataclass(frozen=True, slots=True)
class TValidated:
    kind: str
    date: str
    path: Path
    sections: int
    status: Literal["installed", "replaced", "unchanged", "checked"]

    @property
    def name(self) -> str:
        return KINDS[self.kind]

    @property
    def level(self) -> str:
        """What :attr:`sections` counts: ``section`` (MTR, IPG) or ``heading`` (JAR)."""
        return MINIMUM[self.kind][0]


def document_text(data: bytes, name: str) -> str:
    """The document's text: a PDF's extracted text, or a text file decoded."""
    from ..sources.pdf import is_pdf, pdf_text

    if len(data) > MAX_BYTES:
        raise SourceError(name, f"too large ({len(data) / 1e6:.0f} MB) to be a tournament document")
    if not data.strip():
        raise SourceError(name, "empty file")
    if is_pdf(data):
        return pdf_text(data, name)
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<!doctype html", b"<html", b"<?xml", b"<head", b"<body")):
        raise SourceError(name, "is an HTML page, not a tournament document (PDF or its text)")
    text, _ = decode(data, name)
    if "\x00" in text[:65536]:
        raise SourceError(name, "binary file, not a tournament document (PDF or its text)")
    return text


def validate(data: bytes, name: str, kind: str | None = None) -> tuple[TDocument, str]:
    """The parsed document and its text; a one-line :class:`SourceError` for anything else (wrong kind, no date, truncated)."""
    from ..parse.tournament import parse_tournament

    text = document_text(data, name)
    doc = parse_tournament(SourceText(name, split_lines(text), "", "utf-8"))
    if kind is not None and doc.kind != kind:
        raise SourceError(name, f"is the {KINDS[doc.kind]}, not the {KINDS[kind]}")
    if doc.effective is None:
        raise SourceError(name, f"no 'Effective Month D, YYYY' line near the top: not a complete {KINDS[doc.kind]}")
    level, least = MINIMUM[doc.kind]
    found = sum(1 for s in doc.sections if s.kind == level)
    if found < least:
        raise SourceError(name, f"only {found} {level}s (a complete {KINDS[doc.kind]} has at least {least}): truncated or not one")
    missing = truncated_at(doc)
    if missing:
        raise SourceError(name, f"truncated: its contents list {len(doc.toc)} entries but the body ends before {missing[0]!r} "
                                f"({len(missing)} listed entries missing); nothing was installed")
    return doc, text


def truncated_at(doc: TDocument) -> list[str]:
    """The contents entries a truncated document's body lacks (empty when it is whole).  The parser cross-checks
    the contents against the headings found; a body that lacks the contents' last entry ends early, whatever its
    length.  A lone entry missing in the middle is a heading the parser did not recognise (``check`` reports it),
    not a cut file, so it does not count."""
    if not doc.toc:
        return []
    lines = {a.origin.line for a in doc.anomalies if a.kind == "toc-mismatch"}
    last = max(e.no for e in doc.toc)
    if last not in lines:
        return []
    return [f"{e.number} {e.title}" if e.number else e.title for e in doc.toc if e.no in lines]


def install(data: bytes, name: str, *, kind: str | None = None, dry_run: bool = False) -> TValidated:
    """Validate and install one document under its kind and effective date."""
    from ..sources.pdf import is_pdf

    doc, text = validate(data, name, kind)
    assert doc.effective is not None
    target = tournament_dir() / f"{doc.kind.upper()}-{doc.effective.replace('-', '')}.txt"
    body = text.encode("utf-8")
    status: Literal["installed", "replaced", "unchanged", "checked"] = "installed"
    if dry_run:
        status = "checked"
    elif target.is_file():
        status = "unchanged" if target.read_bytes() == body else "replaced"
        if status == "replaced":
            _check_not_smaller(doc, target)
    if status in ("installed", "replaced"):
        try:
            if is_pdf(data):
                write_atomically(target.with_suffix(".pdf"), data)
            write_atomically(target, body)
        except OSError as exc:
            raise RulesgraphError(f"cannot install into {target.parent}: {exc.strerror or exc}") from None
        load.cache_clear()
    level = MINIMUM[doc.kind][0]
    return TValidated(doc.kind, doc.effective, target, sum(1 for s in doc.sections if s.kind == level), status)


def _check_not_smaller(doc: TDocument, target: Path) -> None:
    """Refuse to replace an installed copy of the same date with one holding fewer parts (a cut or damaged copy)."""
    from ..parse.tournament import parse_tournament

    level = MINIMUM[doc.kind][0]
    try:
        raw = read_bytes(target, target.name)
        old = parse_tournament(SourceText(target.name, split_lines(decode(raw.data, target.name)[0]), "", "utf-8"), doc.kind)
    except RulesgraphError:
        return  # the installed copy no longer parses: the new, complete one may replace it
    have, new = (sum(1 for s in d.sections if s.kind == level) for d in (old, doc))
    if new < have:
        raise SourceError(doc.path, f"has {new} {level}s, fewer than the {have} of the installed {KINDS[doc.kind]} of the same "
                                    f"date ({target}): not replaced")


def install_file(path: str | os.PathLike[str], kind: str | None = None) -> TValidated:
    raw = read_bytes(path)
    return install(raw.data, raw.path, kind=kind)


URLS = {"mtr": "https://mtgdoc.link/mtr", "ipg": "https://mtgdoc.link/ipg", "jar": "https://mtgdoc.link/jar"}
"""Short links that redirect to Wizards' current PDFs (their file names change with every release)."""
URL_ENV = "RULESGRAPH_TOURNAMENT_URL"
"""A base address overriding :data:`URLS`: ``<base>/mtr``, ``<base>/ipg``, ``<base>/jar`` (a mirror, a test server)."""


def urls() -> dict[str, str]:
    base = os.environ.get(URL_ENV)
    return {kind: f"{base.rstrip('/')}/{kind}" for kind in KINDS} if base else dict(URLS)


def download(kind: str | None, url: str, *, timeout: float, progress: object = None) -> TValidated:
    """Fetch one document (following redirects), check it is the kind asked for (any kind: ``None``), install it."""
    from urllib.parse import unquote, urlsplit

    from ..sources.fetch import fetch

    body, content_type = fetch(url, timeout=timeout, progress=progress)  # type: ignore[arg-type]
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1]) or url
    if "html" in content_type.lower() and not body[:1024].lstrip().startswith(b"%PDF-"):
        wanted = KINDS[kind] if kind else "tournament document"
        raise RulesgraphError(f"{url}: got an HTML page instead of the {wanted}; nothing was installed")
    return install(body, name, kind=kind)


def is_tournament_file(path: str) -> bool:
    """Whether a file given to ``check`` is a tournament document (a PDF, or text whose top names one); never raises:
    a file that cannot be read is left to ``check``'s usual one-line errors."""
    return _head(path).lstrip().startswith(b"%PDF-") or detect_file_kind(path) is not None


def _head(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(16384)
    except OSError:
        return b""


def detect_file_kind(path: str) -> str | None:
    """The name of the tournament document a text file is (``Magic Tournament Rules``), by the title near its top,
    or ``None`` (a PDF too: only its extracted text could tell); never raises."""
    from ..parse.tdoc import detect_kind

    head = _head(path)
    if not head or head.lstrip().startswith(b"%PDF-"):
        return None
    try:
        text, _ = decode(head, path)
    except SourceError:  # not text: what it is, check's usual reading says
        return None
    kind = detect_kind(split_lines(text))
    return KINDS[kind] if kind else None


def read_document(path: str, kind: str | None = None) -> TDocument:
    """The tournament document in the file at ``path`` (a PDF or its text), parsed as ``kind`` (detected when ``None``)."""
    from ..parse.tournament import parse_tournament

    raw = read_bytes(path)
    return parse_tournament(SourceText(raw.path, split_lines(document_text(raw.data, raw.path)), raw.sha256, "utf-8"), kind)


def check_report(paths: list[str] | None = None) -> list[dict[str, object]]:
    """What ``check`` says of each tournament document (the installed newest ones, or ``paths``): counts by kind of
    part, the contents' cross-check and every line left out of the sections, each with its file and line."""
    from dataclasses import asdict


    out: list[dict[str, object]] = []
    docs: list[TDocument] = []
    targets = [(str(p), None) for p in paths] if paths is not None else [(str(i.path), i.kind) for i in newest().values()]
    for path, kind in targets:
        doc = read_document(path, kind)
        counts: dict[str, int] = {}
        for s in doc.sections:
            counts[s.kind] = counts.get(s.kind, 0) + 1
        penalties = {s.id: s.penalty for s in doc.sections if s.penalty}
        out.append({
            "path": doc.path, "kind": doc.kind, "title": doc.title, "effective": doc.effective, "lines": doc.lines, "counts": counts,
            "infractions": penalties, "contents": len(doc.toc),
            "anomalies": [{"kind": a.kind, "message": a.message, "where": str(a.origin)} for a in doc.anomalies],
            "skipped": [{**asdict(s), "where": str(s.origin)} for s in doc.skipped],
        })
        for item in out[-1]["skipped"]:  # type: ignore[attr-defined]
            item.pop("origin", None)
        docs.append(doc)
    for doc, report in zip(docs, out, strict=True):
        report["anomalies"].extend(_unresolved(doc, docs))  # type: ignore[attr-defined]
    return out


def _unresolved(doc: TDocument, docs: list[TDocument]) -> list[dict[str, str]]:
    """The references of ``doc``'s passages to a section of a document checked with it (``see section 9.9``, ``MTR
    section 4.3`` from the IPG) that no such section answers: the tournament graph has no edge for them
    (:func:`rulesgraph.build.tgraph.build`), so ``check`` names each with its passage's file and line.  A reference to a
    document not checked with it, or to a CR rule, is not judged here."""
    from ..build.tgraph import references

    ids = {s.id for d in docs for s in d.sections}
    prefixes = {d.prefix for d in docs}
    out = []
    for s in doc.sections:
        if s.kind == "part":
            continue  # its text is its section's, whose references are read once
        for target in references(s.text, doc.prefix):
            if target.split(" ", 1)[0] in prefixes and target not in ids:
                out.append({"kind": "unresolved-reference", "message": f"{s.id} refers to {target}, which is not in the document",
                            "where": str(s.origin)})
    return out
