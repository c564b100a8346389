"""The site's own style sheet and search script: nothing external, and indexed text never becomes markup."""

from __future__ import annotations

import re

from rulesgraph.export.assets import SEARCH_JS, STYLE_CSS


def test_no_external_assets() -> None:
    for asset in (STYLE_CSS, SEARCH_JS):
        assert not re.search(r"https?:|//[a-z]|@import|url\(", asset.replace("http-equiv", ""))


def test_search_builds_results_as_text() -> None:
    assert "innerHTML" not in SEARCH_JS and "insertAdjacentHTML" not in SEARCH_JS and "document.write" not in SEARCH_JS
    assert "eval(" not in SEARCH_JS and "textContent" in SEARCH_JS
    assert "window.RULESGRAPH_INDEX" in SEARCH_JS  # the data file export_html writes
