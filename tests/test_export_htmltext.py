"""Rules text to HTML: every character escaped, every reference a link, ranges expanded."""

from __future__ import annotations

from rulesgraph.export.htmltext import link, linkify

KNOWN = {"702.19", "601.2b", "601.2e", "601.2f", "601.2g", "509", "8", "613.10", "119.7", "119.8"}


def resolve(number: str) -> str | None:
    return f"p.html#{number}" if number in KNOWN else None


def test_references_become_links() -> None:
    assert linkify("See rule 702.19, “Trample.”", resolve) == 'See rule <a href="p.html#702.19" class="ref">702.19</a>, “Trample.”'
    assert linkify("This is an exception to 613.10.", resolve) == 'This is an exception to <a href="p.html#613.10" class="ref">613.10</a>.'
    chapter = linkify("See section 8, “Multiplayer Rules.”", resolve)
    assert chapter == 'See section <a href="p.html#8" class="ref">8</a>, “Multiplayer Rules.”'
    assert linkify("See rule 509.", resolve) == 'See rule <a href="p.html#509" class="ref">509</a>.'


def test_ranges_are_expanded() -> None:
    out = linkify("rules 601.2b and 601.2e–g", resolve)
    assert out == ('rules <a href="p.html#601.2b" class="ref">601.2b</a> and <a href="p.html#601.2e" class="ref">601.2e–g</a> '
                   '<span class="range">(<a href="p.html#601.2e">601.2e</a>, <a href="p.html#601.2f">601.2f</a>, '
                   '<a href="p.html#601.2g">601.2g</a>)</span>')
    expanded = '<span class="range">(<a href="p.html#119.7">119.7</a>, <a href="p.html#119.8">119.8</a>)</span>'
    assert expanded in linkify("rules 119.7–8", resolve)


def test_unknown_numbers_and_plain_numbers() -> None:
    assert linkify("See rule 110.10.", resolve) == 'See rule <span class="dangling" title="not in these rules">110.10</span>.'
    assert linkify("a deck of 100 cards", resolve) == "a deck of 100 cards"  # not a reference


def test_everything_is_escaped() -> None:
    out = linkify('<script>alert("x")</script> & see rule 702.19 <b>', resolve)
    assert out == ('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; see rule <a href="p.html#702.19" class="ref">702.19</a> '
                   "&lt;b&gt;")
    assert link('a"b.html#x', "<i>", "c d") == '<a href="a&quot;b.html#x" class="c d">&lt;i&gt;</a>'
