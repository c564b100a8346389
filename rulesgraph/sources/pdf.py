"""Extract the text of a PDF (the form Wizards publishes its tournament documents in) with pypdf.

pypdf is pure Python (nothing to compile, nothing to install beside it) and actively maintained; its
``extract_text`` keeps one printed line per text line, which is what :mod:`rulesgraph.parse.pdftext` expects.
It is imported only here, when a PDF is read.  A file that is not a PDF, is truncated, encrypted or holds no
text raises a one-line :class:`~rulesgraph.errors.SourceError`.
"""

from __future__ import annotations

import io
import logging

from ..errors import SourceError

__all__ = ["MAX_PAGES", "is_pdf", "pdf_text"]

MAX_PAGES = 400
"""The tournament documents have 5 to 60 pages; more is not one of them."""


def is_pdf(data: bytes) -> bool:
    return data[:1024].lstrip().startswith(b"%PDF-")


def pdf_text(data: bytes, name: str) -> str:
    """The text of every page, one extracted line per line, pages separated by a line break."""
    try:
        import pypdf
        from pypdf.errors import PyPdfError
    except ImportError:  # pragma: no cover - a dependency of the package
        raise SourceError(name, "reading PDF files needs the pypdf package (pip install pypdf)") from None
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings about odd objects are not the user's business
    try:
        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise SourceError(name, "the PDF is encrypted; cannot read its text")
        if len(reader.pages) > MAX_PAGES:
            raise SourceError(name, f"a PDF of {len(reader.pages)} pages is not a tournament document")
        pages = [page.extract_text() or "" for page in reader.pages]
    except SourceError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, OSError, RecursionError) as exc:
        raise SourceError(name, f"cannot read the PDF (truncated or damaged: {exc.__class__.__name__})") from None
    text = "\n".join(pages)
    if not text.strip():
        raise SourceError(name, "the PDF holds no extractable text (a scan?)")
    return text
