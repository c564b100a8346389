"""An infraction's Upgrade and Downgrade paragraphs in its answer's first paragraph: each as said there
(:func:`turn_said`), and the one the question asks of, said before the remedy (:func:`told_turn`).

Called by :func:`rulesgraph.answer.tanswer._summary` with the IPG's parts of the infraction that leads a policy answer.
"""

from __future__ import annotations

from ..common.lazyre import lazy
from ..common.text import fold
from ..question.read import Question
from .firstplace import SENTENCE
from .policywords import asked_terms, telling_scores
from .policywords import terms as _terms

__all__ = ["told_turn", "turn_said"]

_PENALTIES = lazy(r"\b(?:(game|match) loss\w*|(gl|ml)|(warning)s?|(disqualif)\w*|(dq)\w*|(upgrad|downgrad)\w*)\b")
"""A penalty named ("when is it a game loss", "GL", "DQ'd") or its change ("could the HJ choose not to upgrade"), as
:func:`told_turn` reads a question and an Upgrade or Downgrade paragraph."""
_SAME = {"gl": "game", "ml": "match", "dq": "disqualif"}


def told_turn(remedy: str, turns: list[str], question: str | Question, title: str) -> int | None:
    """Which of an infraction's Upgrade and Downgrade paragraphs ``turns`` the question asks of, or None: one it tells
    better than any case of the remedy (their words weighed together as :func:`rulesgraph.answer.tanswer._remedy` weighs
    a remedy's, the infraction's ``title`` left out), when the question names the penalty that paragraph gives or asks of an upgrade or a
    downgrade (:data:`_PENALTIES`): "a 59-card deck presented before game 1, is that a game loss?" is Deck Problem's
    Upgrade, read before its remedy; "my opponent sat down 7 minutes late, what does he get" names none, so is told the remedy first."""
    named = list(_PENALTIES.finditer(Question.of(question).folded))
    asked = {_SAME.get(k, k) for m in named for k in m.groups() if k}
    if not turns or not asked:
        return None
    cases = [p for p in remedy.split("\n\n") if p.strip()]
    told = asked_terms(question) - set(_terms(f"{title} {' '.join(m.group(0) for m in named)}"))  # the case, not the penalty
    scores = telling_scores([set(_terms(p)) for p in [*cases, *turns]], told)
    gives = [{_SAME.get(k, k) for m in _PENALTIES.finditer(fold(p)) for k in m.groups() if k} for p in turns]
    fits = [i for i in range(len(turns)) if asked & gives[i] - {"upgrad", "downgrad"} or asked & {"upgrad", "downgrad"}]
    best = max(fits, key=lambda i: (scores[len(cases) + i], -i), default=None)
    return best if best is not None and scores[len(cases) + best] > max(scores[: len(cases)], default=0.0) else None


def turn_said(paragraph: str) -> str:
    """An Upgrade or Downgrade paragraph: its first sentence, and the one saying the penalty when that is another (Marked
    Cards' first Upgrade ended on "… Mountain or Forest.", its "the penalty is a Game Loss" two sentences on)."""
    said = SENTENCE.split(" ".join(paragraph.split()))
    penalty = next((x for x in said[1:] if "penalty is" in x.lower()), None) if "penalty" not in said[0].lower() else None
    return f"{said[0]} … {penalty}" if penalty else said[0]
