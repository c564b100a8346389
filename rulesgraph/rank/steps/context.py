"""Rule 14, a conversation's context: a follow-up favours the sections the previous answer came from."""

from __future__ import annotations

from ..pipeline import Query

__all__ = ["WEIGHTS", "continuity"]

WEIGHTS = {"continuity": 1.0}


def continuity(q: Query) -> None:
    """Rule 14: in a conversation, the rules of the sections the previous answer was cited from (with the
    weights the conversation gives them) have their prior raised.
    Step ``continuity``; weights: ``continuity`` = 1.0.  Kept for conversations: one-shot questions never reach it (removing it changes no
    real tuning question), and without it ``bench/conversation.py``'s six sets lose 8 follow-ups of 246 net (chains.jsonl
    88.7% → 80.3% at hit@3; stop 28)."""
    for sec, weight in dict(q.a.sections).items():
        span = q.g.spans.get(sec)
        if span:
            q.raise_(span[0], span[1], q.w["continuity"] * weight)
