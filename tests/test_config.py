"""The config file: defaults without one, every key read and checked, flags override it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesgraph import RulesgraphError
from rulesgraph_cli.config import DEFAULT_URL, Config, config_path, load_config
from rulesgraph_cli.context import Context
from rulesgraph_cli.main import build_parser, main


def test_defaults_without_a_file(tmp_path: Path) -> None:
    assert load_config(tmp_path / "none.toml") == Config()
    assert Config() == Config(url_template=DEFAULT_URL, color=True, links=True, pager=True, citations=5)


def test_the_user_config_dir_is_overridable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESGRAPH_CONFIG_DIR", str(tmp_path))
    assert config_path() == tmp_path / "config.toml"
    (tmp_path / "config.toml").write_text('citations = 3\ncolor = false\nurl_template = "https://example.org/{number}"\n')
    assert load_config() == Config(url_template="https://example.org/{number}", color=False, citations=3)


@pytest.mark.parametrize(("text", "message"), [
    ("colour = true", "unknown setting 'colour' (did you mean color? known: "),
    ("citations = '5'", 'citations must be a whole number (citations = 5, no quotes), not "5" (text)'),  # was "must be int"
    ("cards_url = 3", 'cards_url must be text in quotes (cards_url = "…"), not 3 (a number)'),
    ("url_template = 'https://example.org/rules'", "neither {number} nor {anchor}"),  # every link the same address
    ("citations = 0", "between 1 and 50"),
    ("pager = 1", "pager must be true or false"),
    ("rel = 'fnm'", 'rel must be "regular", "competitive" or "professional", not "fnm" (text)'),
    ("url_template = 'https://x/{rule}'", "only {number} and {anchor}"),
    ("url_template = 'https://x/{number'", "not a valid template"),
    ("url_template = \"https://x/\\u001b{number}\"", "control characters"),
    ("citations = = 3", "not valid TOML"),
    ("url_template = 'https://x/{number:d}'", "write {number} alone"),  # passed, then failed on every rule
    ("url_template = 'https://x/{number:>100000000}'", "write {number} alone"),  # made each link 100 MB
    ("url_template = 'https://x/{anchor!r}'", "write {anchor} alone"),
    ("x = " + "[" * 5000 + "]" * 5000, "nested too deeply"),  # a RecursionError inside tomllib
])
def test_mistakes_are_one_line_errors_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text + "\n")
    with pytest.raises(RulesgraphError) as info:
        load_config(path)
    assert message in str(info.value) and str(path) in str(info.value) and "\n" not in str(info.value)


def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(RulesgraphError, match="cannot read the config file"):
        load_config(path)


def test_flags_override_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("citations = 3\npager = true\n")
    args = build_parser().parse_args(["--config", str(path), "-k", "7", "--no-pager", "--url-template", "https://e.org/{anchor}"])
    config = Context(args).config()
    assert (config.citations, config.pager, config.url_template) == (7, False, "https://e.org/{anchor}")
    args = build_parser().parse_args(["ask", "--config", str(path), "-k", "2", "x"])
    assert Context(args).config().citations == 2
    with pytest.raises(RulesgraphError, match="--url-template"):
        Context(build_parser().parse_args(["--url-template", "{nope}"])).config()
    path.write_text('rel = "regular"\n')  # a store judge's level; a flag overrides it
    assert Context(build_parser().parse_args(["--config", str(path)])).config().rel == "regular"
    assert Context(build_parser().parse_args(["--config", str(path), "--rel", "competitive"])).config().rel == "competitive"
    assert Context(build_parser().parse_args(["--config", str(path), "--rel", "none"])).config().rel == ""  # unset again
    path.write_text('rel = "professional"\n')  # the IPG's, as Competitive REL's
    assert Context(build_parser().parse_args(["--config", str(path)])).config().rel == "competitive"


def test_color_false_means_plain_but_still_paged(tmp_path: Path) -> None:
    """``color = false`` is colour and styles (and links) off; paging is ``pager``'s to turn off (it was off too, unsaid)."""
    class Tty:
        def isatty(self) -> bool:
            return True

    path = tmp_path / "config.toml"
    path.write_text("color = false\n")
    ctx = Context(build_parser().parse_args(["--config", str(path)]), stdout=Tty())  # type: ignore[arg-type]
    assert ctx.plain and ctx.page and not ctx.render_options().links
    console = ctx.console()  # what show() pages through: a terminal's console, without colour (it was a pipe's)
    assert console.is_terminal and console.color_system is None
    path.write_text("color = false\npager = false\n")
    assert not Context(build_parser().parse_args(["--config", str(path)]), stdout=Tty()).page  # type: ignore[arg-type]


@pytest.mark.parametrize(("setup", "message"), [
    (lambda p: None, "no such config file"),
    (lambda p: p.mkdir(), "cannot read the config file"),
    (lambda p: p.write_text("citations = 'many'\n"), "citations must be a whole number"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00garbage"), "cannot read the config file"),
], ids=["missing", "directory", "bad value", "not UTF-8"])
def test_a_bad_config_file_is_one_line_and_exit_2_for_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                     setup, message: str) -> None:  # type: ignore[no-untyped-def]
    """A --config that does not exist was ignored without a word, and a broken one was only reported by commands
    that happened to read a setting on a terminal (check, --version and anything piped never read it)."""
    path = tmp_path / "settings.toml"
    setup(path)
    for argv in (["check"], ["--version"], ["rule", "702.19"], ["versions"]):
        assert main(["--config", str(path), *argv]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and message in err and str(path) in err


@pytest.mark.parametrize("kind", ["device", "fifo", "huge"])
def test_a_config_that_is_no_regular_small_file_is_refused_unread(tmp_path: Path, kind: str) -> None:
    """``--config /dev/zero`` read until a MemoryError; a FIFO hung."""
    if kind == "device":
        path = Path("/dev/zero")
    elif kind == "fifo":
        path = tmp_path / "fifo.toml"
        os.mkfifo(path)  # nobody writes to it: opening it for reading would wait forever
    else:
        path = tmp_path / "huge.toml"
        path.write_text("# padding\n" * 100_000)
    with pytest.raises(RulesgraphError, match="cannot read the config file") as info:
        load_config(path, required=True)
    assert "\n" not in str(info.value)
