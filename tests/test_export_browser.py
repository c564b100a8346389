"""The exported site in a real headless browser (Debian's chromium + chromedriver, driven by selenium):
references land on their anchors, "cited by" lists the citing rules, search works offline, and
markup in a rules file stays text.  Skipped, saying why, only when selenium, chromium or its driver is missing
(and failed instead where RULESGRAPH_REQUIRE_TOOLS=1, as in CI)."""

from __future__ import annotations

import functools
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from rulesgraph import Rulebook, SourceSpec, load
from rulesgraph.export.html import export_html

from .conftest import require_tool
from .minicr import make_cr

pytestmark = pytest.mark.browser
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    require_tool("selenium is not installed (pip install -e '.[test]')")

PWNED = '<script>window.pwned = 1</script> <img src="x" onerror="window.pwned = 2">'


def _find(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (name if Path(name).is_file() else None)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    chromium = _find("chromium", "/usr/bin/chromium", "chromium-browser")
    driver_path = _find("chromedriver", "/usr/bin/chromedriver")
    if chromium is None or driver_path is None:
        missing = " and ".join(n for n, p in (("chromium", chromium), ("chromedriver", driver_path)) if p is None)
        require_tool(f"{missing} not found: install Debian's chromium and chromium-driver (.ci/run does) to run the browser tests")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-dev-shm-usage", "--window-size=1200,900",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def _serve(directory: Path) -> Iterator[str]:
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def site(full_book: Rulebook, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The 2026 CR plus the bundled seeds, exported and served on 127.0.0.1."""
    out = tmp_path_factory.mktemp("site")
    export_html(full_book.graph, out)
    yield from _serve(out)


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A rules file whose text holds a script and an image with an onerror handler."""
    base = tmp_path_factory.mktemp("hostile")
    (base / "cr.txt").write_text(make_cr(extra=PWNED), encoding="utf-8")
    export_html(load([SourceSpec(str(base / "cr.txt"))], use_cache=False).graph, base / "site")
    yield from _serve(base / "site")


def wait(driver: Any, condition: Any, timeout: float = 20) -> Any:
    return WebDriverWait(driver, timeout).until(condition)


def target_id(driver: Any) -> str | None:
    return driver.execute_script("var t = document.querySelector(':target'); return t ? t.id : null;")


def in_view(driver: Any, element: Any) -> bool:
    return bool(driver.execute_script("var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight;",
                                      element))


def test_clicking_a_reference_lands_on_its_anchor(browser: Any, site: str) -> None:
    browser.get(f"{site}/chapter-7.html#702.19a")
    rule = browser.find_element(By.ID, "702.19a")
    ref = rule.find_element(By.CSS_SELECTOR, "a.ref")
    assert ref.text == "510" and ref.get_attribute("href").endswith("/chapter-5.html#510")
    ref.click()
    wait(browser, lambda d: d.current_url.endswith("/chapter-5.html#510") and target_id(d) == "510")
    assert in_view(browser, browser.find_element(By.ID, "510"))
    # and a link within the same page: the first one chapter 5 has
    same = browser.find_element(By.CSS_SELECTOR, "#page-chapter-5 a.ref[href^='chapter-5.html#']")
    wanted = same.get_attribute("href").split("#", 1)[1]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", same)
    same.click()
    wait(browser, lambda d: target_id(d) == wanted)
    assert in_view(browser, browser.find_element(By.ID, wanted))


def test_cited_by_lists_the_citing_rules(browser: Any, site: str, full_book: Rulebook) -> None:
    browser.get(f"{site}/chapter-7.html#702.19")
    block = browser.find_element(By.ID, "702.19")
    cited = block.find_element(By.CSS_SELECTOR, ":scope > .cited-by")
    shown = {a.text for a in cited.find_elements(By.TAG_NAME, "a")}
    citing = {src for src, _, kind in full_book.graph.in_edges("702.19", keys=True) if kind == "cites"}
    assert shown == {"glossary: " + c.removeprefix("glossary:") for c in citing} == {"glossary: Trample",
                                                                                       "glossary: Trample Over Planeswalkers"}
    cited.find_element(By.LINK_TEXT, "glossary: Trample").click()
    wait(browser, lambda d: target_id(d) == "g-trample")
    # and a rule that rules cite: 510 is cited by 702.19a among others
    browser.get(f"{site}/chapter-5.html#510")
    cited = browser.find_element(By.ID, "510").find_element(By.CSS_SELECTOR, ":scope > .cited-by")
    assert "702.19a" in {a.text for a in cited.find_elements(By.TAG_NAME, "a")}


def test_search_finds_trample(browser: Any, site: str) -> None:
    browser.get(f"{site}/index.html")
    box = browser.find_element(By.CSS_SELECTOR, "header input[name=q]")
    box.send_keys("trample", Keys.ENTER)
    wait(browser, lambda d: "search.html?q=trample" in d.current_url and d.find_elements(By.CSS_SELECTOR, "#results li"))
    assert browser.find_element(By.ID, "status").text.endswith("results for “trample”")
    results = [li.find_element(By.TAG_NAME, "a").text for li in browser.find_elements(By.CSS_SELECTOR, "#results li")]
    assert results[:3] == ["702.19", "Keyword", "Glossary"] and "702.19b" in results
    browser.find_element(By.CSS_SELECTOR, "#results li a").click()
    wait(browser, lambda d: d.current_url.endswith("/chapter-7.html#702.19") and target_id(d) == "702.19")


def test_markup_in_a_rules_file_renders_as_text(browser: Any, hostile_site: str) -> None:
    browser.get(f"{hostile_site}/chapter-1.html#100.1")
    text = browser.find_element(By.ID, "100.1").text
    assert "<script>window.pwned = 1</script>" in text and 'onerror="window.pwned = 2"' in text
    assert browser.execute_script("return window.pwned === undefined && document.querySelectorAll('main script, main img').length === 0")
    browser.get(f"{hostile_site}/search.html?q=pwned")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#results li"))
    assert "<script>window.pwned = 1</script>" in browser.find_element(By.ID, "results").text
    inert = "return window.pwned === undefined && document.querySelectorAll('#results script, #results img').length === 0"
    assert browser.execute_script(inert)
