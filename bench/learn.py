"""Learn which rules players' words point to, and how often each rule settles a question, from labelled questions — the
team's sets and the tuning part of the real questions — and write the table the ranking's ``learned`` and ``asked``
steps read (``data/learned.tsv``, bundled with the package), and beside it each of those questions' own words and rules
(``data/questions.tsv``, :func:`questions_table`), which the ranking's ``neighbours`` reads (rule 76): the rules the labelled
questions most like a question were settled by.

Usage: python bench/learn.py [--check] [--out PATH] [--cr PATH] [--cards PATH]
       python bench/learn.py --heldout [--cr PATH] [--cards PATH]

Every question of the sets in :data:`TRAINING` (written by the team's helpers in players' words, each labelled with
the CR rules that settle it) and of the tuning part of ``bench/questions/real/*.jsonl`` (questions real people asked,
labelled from the answers they got) lends its words to the rules it is labelled with, and to their rules when it names
a subrule (``702.19b`` counts for ``702.19`` too): a rule's *learned words* are the stems (``doc_terms``) of every
question settled by it, counted, less the stems of the cards the question is labelled as naming, and only words the
loaded rules' index knows as words (:func:`known`: the rules' own words, the alias table's slang, ordinary English
words): a card's name or nickname ("urborg", "goyf", "thalia") says which card, not which rule.  What the cards a
question names say counts too, apart: the stems of their Oracle text (``--cards``, the April 2022 stand-in file; again
only words the index knows, the card's own names and reminder text left out), each once a question and prefixed ``c:``
(:func:`rulesgraph.rank.cardsteps.learnedcards.card_words`): questions about a card saying "dies" were settled by 700.4 and
603.10a, whichever card it was, and rule 75 searches the named cards' words so.  No card's name, text or ruling is in
the table: word counts by rule.  The words are read with the 2026-06-19 CR (``--cr``).  At query
time the ``learned`` step (:mod:`rulesgraph.rank.steps.learned`) searches these words as one more document per rule —
players say "fizzle", "dies", "on the stack" where the rules say "illegal target", "put into a graveyard", "while it's
on the stack" — and the ``asked`` step reads how many questions each rule settled as its prior.

The blind part of the real questions is never read, nor the policy sets: they are what the step is measured on.  The
real tuning questions are learned from, so the benchmarks that score them (``real.py``, ``calibrate.py``,
``ablate.py``, ``fit.py``) answer each of them *cross-fitted* (:class:`CrossFit`): with the table learned from
everything but the :data:`FOLDS`-th part of the real tuning pages its page falls in, so what they print is what a
question the step never read gets.  ``keywords.jsonl`` is not read: it is the regression check that keyword questions
are answered by the keyword's rule, and learning from it would make that check say nothing.  The conversation sets
(their turns are not questions alone), the card-mention, legality and scope sets (not labelled with rules) are not
training sets, nor ``learn_a`` and ``learn_b`` (written for it in stop 34 about rules the others have no words for;
learning from them did not gain on the real tuning questions: they measure what the step costs such questions
instead).

``--check`` exits 1 (and says so) when a bundled table is not what the sets make today.  The cross-fitted answers
(:class:`CrossFit`) read the labelled questions of the other parts alone, as they read the words.

``--heldout`` measures what the sets say of the step now that it learned from them: for each team set (and
``keywords``), hit@1 / hit@3 (answers with the card data, as ``bench/accuracy.py`` counts them) without rules 68 and 69
(the table's words and counts), with the table learned from every other set (the set held out: what a question of its
kind not learned from gets), and with the bundled table (in sample: the set was learned from); for the real tuning
questions, cross-fitted by page.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesgraph.build.index import Index, doc_terms, named_rule
from rulesgraph.cards.read import read_card_file
from rulesgraph.common.text import STOPWORDS, stem
from rulesgraph.common.text import words as folded
from rulesgraph.parse.numbers import rule_of, split_number
from rulesgraph.question.read import ASKING, Question
from rulesgraph.question.telling import told_only
from rulesgraph.rank.cardsteps.learnedcards import card_words


def default_cards() -> Path:
    """The card file the table learns the named cards' words from (``--cards``' default, the April 2022 stand-in)."""
    from _common import DEFAULT_CARDS

    return DEFAULT_CARDS


Card = tuple[str, str]
"""A card as :func:`learned` reads it: its full name (both faces' for a card of two) and its Oracle text."""


def card_texts(path: Path) -> Callable[[str], Card]:
    """Card name (or a face's) → the card's full name and Oracle text, its faces' a blank line apart, from the MTGJSON
    card file at ``path`` (the stand-in of April 2022 by default: what the benchmarks install), read by
    :func:`rulesgraph.cards.read.read_card_file` as ``update cards`` reads it; ``("", "")`` for a card it lacks (or
    without the file).  What :func:`learned` reads of the cards a question names: the full name, so
    a question labelled with one face ("Stomp") leaves the other face's name ("Bonecrusher Giant") out of its words too."""
    if not path.is_file():
        return lambda name: ("", "")
    cards: dict[str, Card] = {}
    for card in read_card_file(path).cards:  # read as `update cards` reads it: the store's text, cleaned alike
        entry = (card.name, "\n\n".join(face.text or "" for face in card.faces))
        cards[card.name] = entry
        for face in card.name.split(" // "):
            cards.setdefault(face, entry)
    return lambda name: cards.get(name, ("", ""))


if TYPE_CHECKING:
    from rulesgraph import Rulebook
    from rulesgraph.build.index import Postings

    Learnt = tuple[Postings, dict[int, int], Postings, list[str]]
    """An index's learned words' postings, its rules' question counts (the ``learned`` and ``asked`` steps' data) and
    its labelled questions' postings and rules (rule 76, ``neighbours``)."""

T = TypeVar("T")
R = TypeVar("R")

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "bench" / "questions"
OUT = ROOT / "data" / "learned.tsv"
QUESTIONS_OUT = ROOT / "data" / "questions.tsv"
"""The second table, the labelled questions' own words (:func:`questions_table`), written beside :data:`OUT`."""
TRAINING = ("dev", "forum", "long", "cards", "holdout", "cards_holdout", "cards_holdout2",
            *(f"forum_holdout{n}" for n in ("", *range(2, 17))))
"""The team's labelled rules sets learned from (``bench/questions/<name>.jsonl``)."""
REAL = QUESTIONS / "real"
"""The real questions: their tuning part is learned from (the ``part`` of each line says; the blind part never is)."""
TABLE_STEPS = ("learned", "asked")
"""The ranking's steps that read the table: its words (rule 68) and its question counts (rule 69)."""
FOLDS = 10
"""The real tuning pages fall in this many parts (by a hash of the page's address, as :func:`fold` says) for the
cross-fitted answers of the benchmarks (:class:`CrossFit`)."""


def known(index: Index) -> Callable[[str], bool]:
    """Whether a folded word is one the index knows as a word, not a name: the rules' own (``Index.vocab``), the alias
    table's slang the rules never use (``Index.slang``: "etb", "fizzle"), or an ordinary English word (``Index.english``)."""
    return lambda w: w in index.vocab or w in index.slang or w in index.english


def rows_of(path: Path, part: str | None = None) -> list[dict]:
    """The labelled questions of one JSON Lines file (a question and its expected rules), only those of ``part`` if given."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r.get("question") and r.get("expected_rules") and (part is None or r.get("part") == part)]


def real_tune() -> list[dict]:
    """The tuning part of every real question file (the rules questions: a policy line's MTR/IPG ids name no CR rule)."""
    return [r for path in sorted(REAL.glob("*.jsonl")) for r in rows_of(path, "tune")
            if all(split_number(e) is not None for e in r["expected_rules"])]


def training(paths: list[Path]) -> list[dict]:
    """Every question the bundled table is learned from: the team's sets ``paths`` and the real tuning questions."""
    return [r for path in paths for r in rows_of(path)] + real_tune()


def fold(row: dict) -> int:
    """The part (``0 .. FOLDS - 1``) a real question's page falls in: every question of one page in the same one."""
    return int(hashlib.md5(row.get("source", "").encode()).hexdigest(), 16) % FOLDS


def learned(rows: Iterable[dict], keep: Callable[[str], bool] = lambda w: True,
            cards: Callable[[str], Card] = lambda name: ("", "")) -> tuple[dict[str, Counter[str]], Counter[str], int]:
    """Rule → its learned words (stem → count, only the words ``keep`` keeps), rule → how many questions it settled (the
    ``asked`` prior: a question labelled ``702.19b`` counts for ``702.19`` too, once), and how many questions there were.  A
    question told in several sentences lends only the words of what it asks: the words the analysis counts less for
    being said only where it sets the scene (:func:`rulesgraph.question.telling.told_only`: "I have Ragavan out. I cast
    a second one. Do I choose which one to keep?" asks with "choose", "keep") lend nothing here.  Learned from whole real
    questions, the scripted conversations' short follow-ups lost 4 of 135 turns of the blind-written sets; so, the four
    sets keep their 159 turns (one more in ``chains``, one fewer in ``chains_holdout``).  Each card the question is
    labelled as naming lends its Oracle words (``cards``: name → full name and text), each once (:func:`card_words`)."""
    words: dict[str, Counter[str]] = defaultdict(Counter)
    asked: Counter[str] = Counter()
    n = 0
    for row in rows:
        n += 1
        said = Counter(question_stems(row, keep))
        for card in row.get("cards") or ():
            key, text = cards(card)
            if text:
                said.update(card_words(key, text, keep))
        for rule in {r for e in row["expected_rules"] for r in (e, rule_of(e))}:
            words[rule].update(said)
            asked[rule] += 1
    return words, asked, n


def question_stems(row: dict, keep: Callable[[str], bool] = lambda w: True) -> list[str]:
    """The stems a labelled question lends (:func:`learned`): its words but stopwords, those ``keep`` leaves out, the
    names of the cards it is labelled as naming and the words it says only where it sets the scene."""
    names = {t for card in row.get("cards") or () for t in doc_terms(card)}
    read = Question.of(row["question"])
    told = told_only(read.sentences, list(read.words), ASKING, lambda said: [stem(w) for w in said])
    return [t for t in (stem(w) for w in folded(row["question"]) if w not in STOPWORDS and keep(w)) if t not in names and t not in told]


def questions_table(rows: list[dict], keep: Callable[[str], bool] = lambda w: True) -> str:
    """The second file's text (``data/questions.tsv``, rule 76's ``neighbours``): a header, then a line per labelled
    question lending a stem, in the order of ``rows`` — its rules, then its stems (:func:`question_stems`), each
    space-separated (``603.10a 700.4<TAB>exil trigger still``).  Stems, not the question: no name, nothing to read back."""
    head = [
        "# rulesgraph: the words of each labelled question and the rules that settled it (the ranking's `neighbours`, rule 76).",
        "# Made by bench/learn.py from the questions data/learned.tsv is made from; do not edit by hand.",
        "# rule rule ...<TAB>stem stem ...",
    ]
    body = [f"{' '.join(row['expected_rules'])}\t{' '.join(stems)}" for row in rows if (stems := question_stems(row, keep))]
    return "\n".join(head + body) + "\n"


def table(rows: list[dict], keep: Callable[[str], bool] = lambda w: True,
          name: Callable[[str], str | None] = lambda rule: "", cards: Callable[[str], Card] = lambda name: ("", "")) -> str:
    """The file's text: a header saying what it is, then a line per rule (``702.19b<TAB>trample<TAB>4<TAB>trampl:12 block:5
    …``: the second column ``name`` of the rule's rule, :func:`rulesgraph.parse.learned.rule_name`, the third the questions
    it settled; a rule ``name`` does not know, ``None``, is left out, and so is a rule no kept word was learned for)."""
    words, asked, n = learned(rows, keep, cards)
    real = sum(1 for r in rows if r.get("part") == "tune")
    head = [
        "# rulesgraph: the words of labelled questions, by the rule that settled them (the ranking's `learned` and `asked` steps).",
        f"# Made by bench/learn.py from {n} questions: {n - real} of the team's sets and {real} real ones (the tuning part);"
        " do not edit by hand.",
        "# rule<TAB>the name of its rule (its title, or its text's first words)<TAB>questions it settled"
        "<TAB>stem:count stem:count ...; a stem c:… is a word of the Oracle text of the cards those questions name.",
    ]
    named = {rule: name(rule) for rule in words}
    said = lambda counts: " ".join(f"{t}:{c}" for t, c in sorted(counts.items(), key=lambda tc: (-tc[1], tc[0])))
    body = [f"{rule}\t{named[rule]}\t{asked[rule]}\t{said(counts)}"
            for rule, counts in sorted(words.items(), key=lambda rc: rule_order(rc[0])) if named[rule] is not None and counts]
    return "\n".join(head + body) + "\n"


class CrossFit:
    """The real tuning questions answered as if rules 68 and 69 (``learned``, ``asked``) had never read them: each with the
    table learned from the team's sets and the real tuning pages of the other :data:`FOLDS` - 1 parts (:func:`fold`), every other question
    with the bundled table; and as if the confidence's first rules' record (``data/firsts.tsv``) and the ranking's
    standing (``data/standing.tsv``) had not either: each with those of the other parts' answers.  What ``real.py``,
    ``calibrate.py``, ``ablate.py`` and ``fit.py`` print of the tuning part is then what a question the step did not learn
    from gets."""

    def __init__(self, book: Rulebook, cards: Path | None = None) -> None:
        from rulesgraph.build.corpus import firsts_path, firsts_table, standing_path
        from rulesgraph.build.index import asked_of, firsts_of, learned_of, learned_postings, neighbour_postings
        from rulesgraph.parse.learned import read_learned, read_questions

        self.book, self.team, self.real = book, [r for p in team_paths() for r in rows_of(p)], real_tune()
        self.part = {(r["question"], r.get("source", "")): fold(r) for r in self.real}
        keep, name, texts = known(book.index), partial(named_rule, book.graph), card_texts(cards or default_cards())
        rules = {nid: i for i, nid in enumerate(book.index.ids) if nid in book.index.numbers}
        def learn(rows: list[dict]) -> Learnt:
            made = read_learned(table(rows, keep, name, texts))[0]
            kept = learned_of(book.graph, made)
            near = neighbour_postings(read_questions(questions_table(rows, keep))[0], kept)
            return learned_postings(kept, rules), asked_of(book.graph, made, rules), *near

        self._learn = learn
        self._tables: dict[int, Learnt] = {}
        def by_part(path: Path, what: str) -> dict[int, dict[str, tuple[int, int]]]:
            """A table of ``bench/firsts.py``'s shape at ``path``, without each part's answers (saying what it lacks)."""
            counts, problems, error = firsts_table(path)
            if error is not None or problems:
                said = error or f"{len(problems)} lines left out"
                print(f"bench: {path}: {said}; {what} is {'missing' if error else 'partial'}", file=sys.stderr)
            return {part: firsts_of(book.graph, counts, without=part) for part in range(FOLDS)}

        self._firsts = by_part(firsts_path(), "the confidence's record")
        """The first rules' record (``data/firsts.tsv``, ``bench/firsts.py``) without each part's answers."""
        self._standing = by_part(standing_path(), "the ranking's standing")
        """The rules' standing (``data/standing.tsv``, ``bench/firsts.py``) without each part's answers."""

    def table_for(self, rows: list[dict]) -> Learnt:
        """The index's learned postings and question counts made from ``rows`` (as the bundled table is made from
        :func:`training`'s): put in an index with :func:`use`."""
        return self._learn(rows)

    def each(self, items: list[T], answer: Callable[[T], R], row: Callable[[T], dict] = lambda x: x) -> list[R]:  # type: ignore[assignment,return-value]
        """``answer(item)`` for every item, in order (``row(item)`` its question's line), cross-fitted; the bundled table
        is put back however ``answer`` ends.  A real tuning line this was not made with (its question or page told
        otherwise) raises ValueError rather than be answered in sample."""
        out: list[R | None] = [None] * len(items)
        groups: dict[int | None, list[int]] = defaultdict(list)
        for i, item in enumerate(items):
            r = row(item)
            part = self.part.get((r["question"], r.get("source", "")))
            if part is None and r.get("part") == "tune" and r.get("source"):
                raise ValueError(f"not a real tuning question this cross-fit knows: {r['question'][:60]!r}")
            groups[part].append(i)
        bundled, firsts, standing = learnt(self.book.index), self.book.index.firsts, self.book.index.standing
        try:
            for part, at in groups.items():
                if part is not None and part not in self._tables:
                    self._tables[part] = self.table_for(self.team + [r for r in self.real if fold(r) != part])
                use(self.book.index, bundled if part is None else self._tables[part])
                self.book.index.firsts = firsts if part is None else self._firsts[part]
                self.book.index.standing = standing if part is None else self._standing[part]
                for i in at:
                    out[i] = answer(items[i])
        finally:
            use(self.book.index, bundled)
            self.book.index.firsts, self.book.index.standing = firsts, standing
        return out  # type: ignore[return-value]


def learnt(index: Index) -> Learnt:
    """What ``index`` learned: its learned words' postings, its rules' question counts and its labelled questions'."""
    return index.learned, index.asked, index.neighbours, index.settled


def use(index: Index, made: Learnt) -> None:
    """Put learned words' postings, question counts and labelled questions (:meth:`CrossFit.table_for`, :func:`learnt`)
    in ``index``."""
    index.learned, index.asked, index.neighbours, index.settled = made


def team_paths() -> list[Path]:
    """The team's training sets' files."""
    return [QUESTIONS / f"{name}.jsonl" for name in TRAINING]


def rule_order(rule: str) -> tuple[int, ...]:
    """``702.19b`` → (702, 19, 2): rules in the CR's order."""
    main, _, rest = rule.partition(".")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    letter = rest[len(digits):]
    return (int(main), int(digits or 0), ord(letter) - 96 if letter else 0)


def heldout(args: argparse.Namespace, paths: list[Path]) -> None:
    """Print :func:`main`'s ``--heldout`` table."""
    from _common import rules_and_cards
    from accuracy import first_hit, read, rules_of

    from rulesgraph.answer.compose import ask
    from rulesgraph.rank.ranking import WEIGHTS

    _, book, deck, said, tmp = rules_and_cards(args)
    cross = CrossFit(book)
    bundled, weights = learnt(book.index), {k: WEIGHTS[k] for k in TABLE_STEPS}

    def without(off: bool) -> None:
        WEIGHTS.update(dict.fromkeys(TABLE_STEPS, 0.0) if off else weights)

    def hits(rows: list[dict], crossfit: bool = False) -> str:
        answer = lambda r: first_hit(r["expected_rules"], rules_of(ask(book, r["question"], k=10, deck=deck)))
        found = cross.each(rows, answer) if crossfit else [answer(r) for r in rows]
        n = len(rows)
        return f"{sum(1 for f in found if f == 1) / n:.1%} / {sum(1 for f in found if f and f <= 3) / n:.1%}"

    print(f"{said}; hit@1 / hit@3 of each set's answers\n")
    print("| set | questions | without rules 68 and 69 | learned without the set | learned with it (in sample) |")
    print("|---|---|---|---|---|")
    try:
        for path in [*paths, QUESTIONS / "keywords.jsonl"]:
            rows = [r for r in read(path) if r.get("question") and r.get("expected_rules")]
            without(True)
            off = hits(rows)
            without(False)
            others = [r for p in paths if p != path for r in rows_of(p)] + cross.real
            use(book.index, cross.table_for(others))
            held = hits(rows)
            use(book.index, bundled)
            print(f"| {path.stem} | {len(rows)} | {off} | {held} | {hits(rows) if path in paths else held} |")
        rows = cross.real
        without(True)
        off = hits(rows)
        without(False)
        use(book.index, cross.table_for(cross.team))
        team = hits(rows)
        use(book.index, bundled)
        print(f"| real (tune), learned from the team's sets only / cross-fitted by page ({FOLDS} parts) | {len(rows)} | {off} | "
              f"{team} / {hits(rows, crossfit=True)} | {hits(rows)} |")
    finally:
        without(False)
        use(book.index, bundled)
        if tmp is not None:
            tmp.cleanup()


def main() -> None:
    from _common import card_options

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the bundled table is not what the sets make")
    ap.add_argument("--heldout", action="store_true", help="each set's hits without rules 68 and 69, held out, and in sample")
    ap.add_argument("--out", type=Path, default=OUT)
    card_options(ap)
    args = ap.parse_args()
    paths = team_paths()
    missing = [p for p in paths if not p.is_file()]
    if missing:
        sys.exit(f"bench: {missing[0]} not found")
    if args.heldout:
        heldout(args, paths)
        return
    from _common import cr_path, rules_book

    book = rules_book(cr_path(args.cr))
    rows = training(paths)
    text = table(rows, known(book.index), partial(named_rule, book.graph), card_texts(args.cards))
    asked = questions_table(rows, known(book.index))
    outs = ((args.out, text, "rules"), (args.out.with_name(QUESTIONS_OUT.name), asked, "questions"))
    if args.check:
        stale = [path for path, made, _ in outs if not (path.is_file() and path.read_text(encoding="utf-8") == made)]
        for path, _, _ in outs:
            print(f"{path}: {'not what the sets make today: run python bench/learn.py' if path in stale else 'current'}")
        sys.exit(1 if stale else 0)
    for path, made, what in outs:
        path.write_text(made, encoding="utf-8")
        print(f"wrote {path}: {made.count(chr(10)) - 3} {what}")


if __name__ == "__main__":
    main()
