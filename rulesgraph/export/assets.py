"""The static site's own files: its style sheet and its client-side search script (no external assets).

The search script builds every result with DOM calls and ``textContent``, never ``innerHTML``,
so indexed text can never become markup.
"""

from __future__ import annotations

__all__ = ["SEARCH_JS", "STYLE_CSS"]

STYLE_CSS = """\
:root { --fg: #1d1d1f; --bg: #fdfdfc; --dim: #6b6b6b; --link: #1f5fbf; --mark: #fff3c4; --line: #e2e2e2; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8e8e6; --bg: #161618; --dim: #9a9a9a; --link: #8ab4f8; --mark: #4a4220; --line: #333; }
}
body { margin: 0; color: var(--fg); background: var(--bg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
header { position: sticky; top: 0; display: flex; flex-wrap: wrap; gap: .5em 1.2em; align-items: center; padding: .5em 1em;
         background: var(--bg); border-bottom: 1px solid var(--line); z-index: 1; }
header form { margin-left: auto; display: flex; gap: .3em; }
header input { font: inherit; padding: .15em .4em; min-width: 14em; }
main { max-width: 52em; margin: 0 auto; padding: 1em; }
footer { max-width: 52em; margin: 2em auto; padding: 0 1em; color: var(--dim); font-size: .85em; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
.rule { padding: .15em .4em; margin: .2em 0 .6em; border-radius: 4px; scroll-margin-top: 3.5em; }
.rule:target, .entry:target, .faq:target { background: var(--mark); }
.rule p { margin: .2em 0; }
.num { font-weight: 600; margin-right: .35em; }
.subrule { margin-left: 1.5em; }
.example { font-style: italic; margin-left: 1em !important; }
.meta, .cited-by { font-size: .85em; color: var(--dim); }
.cited-by.none { opacity: .6; }
.range { font-size: .85em; color: var(--dim); }
.dangling { text-decoration: underline dotted; }
.entry, .faq { scroll-margin-top: 3.5em; padding: .15em .4em; margin-bottom: .8em; border-radius: 4px; }
.faq .q { font-weight: 600; }
.source { color: var(--dim); font-size: .8em; }
ol.results li { margin-bottom: .6em; }
.snippet { color: var(--dim); font-size: .9em; display: block; }
ul.cols { columns: 3 12em; padding-left: 1.2em; }
"""

SEARCH_JS = """\
// rulesgraph static search: reads ?q=, matches every word against the index in search-index.js.
(function () {
  "use strict";
  var index = window.RULESGRAPH_INDEX || [];
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim();
  var input = document.querySelector("header input[name=q]");
  if (input) { input.value = query; }
  var results = document.getElementById("results");
  var status = document.getElementById("status");
  if (!results || !status) { return; }
  if (!query) { status.textContent = "Type words to look for in the rules, glossary, keywords and FAQ."; return; }
  var cards = document.getElementById("card-search");
  if (cards) { cards.href = "card-search.html?q=" + encodeURIComponent(query); }
  var words = query.toLowerCase().split(/\\s+/).filter(Boolean);
  var q = words.join(" ");
  var hits = [];
  for (var i = 0; i < index.length; i++) {
    var e = index[i];  // [href, label, title, text]
    var title = (e[2] || "").toLowerCase();
    var hay = (e[1] + " " + title + " " + e[3]).toLowerCase();
    var ok = true;
    for (var w = 0; w < words.length && ok; w++) { ok = hay.indexOf(words[w]) >= 0; }
    if (!ok) { continue; }
    var score = title === q || e[1].toLowerCase() === q ? 0 : title.indexOf(q) === 0 ? 1 : title.indexOf(q) > 0 ? 2 :
      hay.indexOf(q) >= 0 ? 3 : 4;
    hits.push([score, i]);
  }
  hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
  status.textContent = hits.length + (hits.length === 1 ? " result" : " results") + " for \\u201c" + query + "\\u201d" +
    (hits.length > 200 ? " (the first 200 shown)" : "");
  hits.slice(0, 200).forEach(function (hit) {
    var e = index[hit[1]];
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = e[0];
    a.textContent = e[1];
    li.appendChild(a);
    if (e[2]) { li.appendChild(document.createTextNode(" " + e[2])); }
    var text = e[3];
    var at = text.toLowerCase().indexOf(words[0]);
    var start = Math.max(0, at - 60);
    if (start > 0) { var space = text.indexOf(" ", start); if (space >= 0 && space < at) { start = space + 1; } }
    var snippet = document.createElement("span");
    snippet.className = "snippet";
    snippet.textContent = (start > 0 ? "\\u2026" : "") + text.slice(start, start + 220) + (text.length > start + 220 ? "\\u2026" : "");
    li.appendChild(snippet);
    results.appendChild(li);
  });
})();
"""
