"""The installed cards as pages of the static site (``rulesgraph export html``): an index of every card sorted by name,
each card — faces, Oracle text, rulings, legality, and the rules its keywords and type line run on, linked into the
rules pages — on the page of its name's first letter, and a search over the card names that forgives typos.

Read from the card store one card at a time (nothing else is kept in memory but the finished pages); every text of the
card data is escaped, only the links made here are markup.  Pages are named flat (``cards-a.html`` …) beside the rules'.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from ..cards.legality import by_status, colors_said, format_name, leads
from ..cards.view import card_view, keyword_list
from ..common.text import filed, slug
from .htmltext import link

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..cards.store import CardStore
    from ..cards.view import CardView, Linked
    from .html import Site

__all__ = ["CARD_INDEX", "card_files"]

CARD_INDEX = "card-index"
"""The page listing every card (linked from the contents page)."""
_STATUS = (("Legal", "Legal in"), ("Restricted", "Restricted in"), ("Banned", "Banned in"))


def _letter(name: str) -> str:
    first = next((c for c in filed(name) if c.isalnum()), "")
    return first if "a" <= first <= "z" else "other"


def _rules(items: tuple[Linked, ...], site: Site, title: str) -> str:
    """``Persist → 702.79`` lines, each rule a link into the rules pages (plain text when the site has no such rule)."""
    if not items:
        return ""
    rows = []
    for item in items:
        refs = ", ".join(link(href, r) if (href := site.rule_href(r)) else escape(r) for r in item.rules)
        rows.append(escape(item.name) + (f" → {refs}" if refs else ""))
    return f'<p class="meta">{escape(title)}: {" · ".join(rows)}</p>'


def _card(view: CardView, anchor: str, site: Site) -> str:
    c = view.card
    out = [f'<div class="entry card" id="{escape(anchor)}"><h2>{escape(c.name)}</h2>']
    for f in c.faces:
        head = escape(f.name) + (f" {escape(f.mana_cost)}" if f.mana_cost else "")
        stats = f"{f.power}/{f.toughness}" if f.power is not None or f.toughness is not None else (
            f"loyalty {f.loyalty}" if f.loyalty is not None else f"defense {f.defense}" if f.defense is not None else "")
        out.append(f"<p><b>{head}</b><br>{escape(f.type_line)}</p>" if len(c.faces) > 1 or f.mana_cost else
                   f"<p>{escape(f.type_line)}</p>")
        if f.text:
            out.append("<p>" + "<br>".join(escape(line) for line in f.text.split("\n")) + "</p>")
        if stats:
            out.append(f"<p>{escape(stats)}</p>")
    out.append(_rules(tuple(k for k in view.keywords if k.relation == "has"), site, "Keywords"))
    out.append(_rules(tuple(k for k in view.keywords if k.relation != "has"), site, "Grants or performs"))
    out.append(_rules(view.types, site, "Type line"))
    if c.rulings:
        out.append(f'<h3>Rulings ({len(c.rulings)})</h3><ul class="rulings">' + "".join(
            f'<li><span class="source">{escape(r.date)}</span> {escape(r.text)}</li>' for r in c.rulings) + "</ul>")
    groups = by_status(c, view.formats)
    play = [f"{title}: {escape(', '.join(map(format_name, groups[s])))}" for s, title in _STATUS if groups.get(s)]
    if groups.get("Unlisted"):
        play.append("Legality: none listed in any format")
    play.append(f"Color identity: {escape(colors_said(c.color_identity))}")
    play += [escape(line[0].upper() + line[1:]) for line in leads(c, groups)]  # not "can be a commander" where it is banned
    out.append(f'<p class="meta">{" · ".join(play)}</p></div>')
    return "".join(out)


def card_files(book: Rulebook, store: CardStore, site: Site, document: Callable[[str, str], str]) -> dict[str, str]:
    """The card pages, the card index and the card search of the site (file name → text); ``document(title, body)``
    wraps a page's body in the site's page layout."""
    keywords = keyword_list(book)
    formats, date = store.formats(), store.info.date
    names = sorted((e.name for e in store.names() if e.kind == "name"), key=lambda n: (filed(n), n))
    pages: dict[str, list[str]] = {}
    index: list[tuple[str, str, str]] = []  # name, href, type line
    taken: set[str] = set()
    for name in names:
        card = store.card(name, keywords)
        if card is None:
            continue
        page = f"cards-{_letter(name)}"
        anchor, i = "card-" + (slug(name) or "x"), 2
        while anchor in taken:
            anchor, i = f"card-{slug(name) or 'x'}-{i}", i + 1
        taken.add(anchor)
        pages.setdefault(page, []).append(_card(card_view(book, card, formats, date), anchor, site))
        index.append((name, f"{page}.html#{anchor}", " // ".join(f.type_line for f in card.faces)))
    when = f" (card data of {date}: legality changes with the ban lists)" if date else ""
    letters = sorted(pages, key=lambda p: (p == "cards-other", p))
    nav = '<p class="letters">' + " ".join(link(f"{p}.html", p.removeprefix("cards-").upper()) for p in letters) + "</p>"
    files = {f"{p}.html": document(f"Cards: {p.removeprefix('cards-').upper()}", nav + "".join(pages[p])) for p in letters}
    search = ('<form action="card-search.html" method="get" role="search"><input type="search" name="q" placeholder="Find a card '
              '(typos are forgiven)" aria-label="Find a card"><button type="submit">Find</button></form>')
    items = "".join(f"<li>{link(href, name)}</li>" for name, href, _ in index)
    files[f"{CARD_INDEX}.html"] = document("Cards", f"<h1>Cards ({len(index):,})</h1><p class=\"meta\">{escape(when.strip(' ()'))}</p>"
                                           f"{search}{nav}<ul class=\"cols\">{items}</ul>")
    scripts = '<script src="card-names.js"></script><script src="card-search.js"></script>'
    files["card-search.html"] = document("Find a card", f'<h1>Find a card</h1>{search}<p id="status"></p><ol id="results" '
                                         'class="results"></ol>').replace("</body>", scripts + "</body>", 1)
    files["card-names.js"] = "window.RULESGRAPH_CARDS = " + json.dumps(index, ensure_ascii=False) + ";\n"
    files["card-search.js"] = CARD_SEARCH_JS
    return files


CARD_SEARCH_JS = """\
// rulesgraph card search: reads ?q=, finds the card names holding each query word: as a word, the start of one, or
// nearly spelt (one typo — a letter wrong, missing, added, or two swapped — in a word of 4 to 6 letters, two from 7),
// best first.
(function () {
  "use strict";
  var cards = window.RULESGRAPH_CARDS || [];
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim();
  var input = document.querySelector("main input[name=q]");
  if (input) { input.value = query; }
  var results = document.getElementById("results");
  var status = document.getElementById("status");
  if (!results || !status) { return; }
  if (!query) { status.textContent = "Type a card's name, or part of it."; return; }
  var LIGATURES = {"\\u00e6": "ae", "\\u0153": "oe", "\\u00df": "ss", "\\u00f8": "o", "\\u0111": "d", "\\u0142": "l", "\\u00fe": "th"};
  function fold(s) {  // as rulesgraph.common.text.filed: NFKD splits no ligature ("\\u00e6ther" was read "ther")
    return s.toLowerCase().normalize("NFKD").replace(/[\\u0300-\\u036f]/g, "")
      .replace(/[\\u00e6\\u0153\\u00df\\u00f8\\u0111\\u0142\\u00fe]/g, function (c) { return LIGATURES[c]; });
  }
  function named(name) {  // the whole name, or one face's ("Stomp" is Bonecrusher Giant // Stomp's), is the query
    var q = fold(query);
    return fold(name) === q || name.split(" // ").some(function (face) { return fold(face) === q; });
  }
  function split(s) { return fold(s).split(/[^a-z0-9]+/).filter(Boolean); }
  function distance(a, b, most) {  // edits (a swap of two letters is one), or most + 1 once it must exceed most
    if (Math.abs(a.length - b.length) > most) { return most + 1; }
    var before = null, prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) { prev.push(j); }
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      var low = i;
      for (j = 1; j <= b.length; j++) {
        var d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) { d = Math.min(d, before[j - 2] + 1); }
        cur.push(d);
        low = Math.min(low, d);
      }
      if (low > most) { return most + 1; }
      before = prev;
      prev = cur;
    }
    return prev[b.length];
  }
  function cost(word, names) {  // 0 a word it is, 0.25 one it begins, else its typos; -1 none near enough
    var most = word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0, best = -1;
    for (var k = 0; k < names.length; k++) {
      var n = names[k];
      if (n === word) { return 0; }
      if (n.indexOf(word) === 0) { best = 0.25; continue; }
      if (most) {
        var d = Math.min(distance(word, n, most), n.length > word.length ? distance(word, n.slice(0, word.length), most) + 0.5 : most + 1);
        if (d <= most && (best < 0 || d < best)) { best = d; }
      }
    }
    return best;
  }
  var words = split(query);
  var hits = [];
  for (var i = 0; i < cards.length; i++) {
    var names = split(cards[i][0]), total = 0, ok = true;
    for (var w = 0; w < words.length && ok; w++) {
      var c = cost(words[w], names);
      if (c < 0) { ok = false; } else { total += c; }
    }
    if (ok) { hits.push([total, named(cards[i][0]) ? 0 : 1, names.length, i]); }
  }
  hits.sort(function (a, b) { return a[1] - b[1] || a[0] - b[0] || a[2] - b[2] || a[3] - b[3]; });
  status.textContent = hits.length + (hits.length === 1 ? " card" : " cards") + " for \\u201c" + query + "\\u201d" +
    (hits.length > 100 ? " (the first 100 shown)" : "");
  hits.slice(0, 100).forEach(function (hit) {
    var e = cards[hit[3]];
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = e[1];
    a.textContent = e[0];
    li.appendChild(a);
    var type = document.createElement("span");
    type.className = "snippet";
    type.textContent = e[2];
    li.appendChild(type);
    results.appendChild(li);
  });
})();
"""
