"""The build cache: hits, atomic writes, damaged or unwritable caches, concurrent builders."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import random
import time
from pathlib import Path

import pytest

from rulesgraph import bundled_sources, load
from rulesgraph.build import cache as cache_mod


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path / "c"))
    return tmp_path / "c"


def entries(d: Path) -> list[Path]:
    return sorted(d.glob("build-*.query"))


def test_second_load_comes_from_the_cache(cache_dir: Path) -> None:
    first = load(bundled_sources())
    second = load(bundled_sources())
    assert not first.from_cache and second.from_cache and not second.notices
    assert sorted(first.graph.nodes) == sorted(second.graph.nodes)
    assert len(entries(cache_dir)) == 1 and not list(cache_dir.glob("*.tmp"))


@pytest.mark.parametrize("damage", [b"", b"garbage", cache_mod._MAGIC + b"\x80\x05truncated"])
def test_damaged_cache_is_rebuilt_with_a_notice(cache_dir: Path, damage: bytes) -> None:
    load(bundled_sources())
    (path,) = entries(cache_dir)
    path.write_bytes(damage)
    book = load(bundled_sources())
    assert not book.from_cache and len(book.notices) == 1 and "rebuilding" in book.notices[0]
    assert load(bundled_sources()).from_cache  # and repaired


def test_an_entry_is_read_where_files_cannot_be_mapped(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries are mapped, not read (no copy of their megabytes); a file system that cannot map them is read instead."""
    import mmap

    load(bundled_sources())
    mapped = load(bundled_sources())

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(19, "No such device")

    monkeypatch.setattr(mmap, "mmap", refuse)
    read = load(bundled_sources())
    assert mapped.from_cache and read.from_cache and not read.notices
    assert sorted(read.graph.nodes(data="text")) == sorted(mapped.graph.nodes(data="text"))


def test_a_cache_of_another_kind_is_rebuilt(cache_dir: Path) -> None:
    load(bundled_sources())
    (path,) = entries(cache_dir)
    path.write_bytes(cache_mod.encode({"schema": 0}))  # a whole, well-formed file holding something else
    book = load(bundled_sources())
    assert not book.from_cache and "another version" in book.notices[0]


def test_a_flipped_bit_is_caught_before_unpickling(cache_dir: Path) -> None:
    """Unpickling a damaged file can succeed with different data: 88 of 200 single-bit flips used to load a
    graph that was not the one built (wrong text served as the rules).  The file's SHA-256 is checked first."""
    fresh = load(bundled_sources())
    (path,) = entries(cache_dir)
    good = path.read_bytes()
    rng = random.Random(6)
    for _ in range(20):
        data = bytearray(good)
        data[rng.randrange(len(cache_mod._MAGIC), len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        book = load(bundled_sources())
        assert not book.from_cache and book.notices == [f"cache file {path.name} is damaged; rebuilding"]
        assert sorted(book.graph.nodes(data="text")) == sorted(fresh.graph.nodes(data="text"))


def test_unwritable_cache_still_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(blocker / "cache"))
    book = load(bundled_sources())
    assert book.qg.number_of_nodes() > 100
    assert len(book.notices) == 1 and book.notices[0].startswith("cache not written")


def test_changed_source_misses_the_cache(cache_dir: Path, tmp_path: Path) -> None:
    src = tmp_path / "kw.txt"
    src.write_text("Flying\n\nFlying is an evasion ability.\n")
    from rulesgraph import SourceSpec

    load([SourceSpec(str(src))])
    src.write_text("Flying\n\nFlying is an evasion ability.\n\nReach\n\nReach is a static ability.\n")
    book = load([SourceSpec(str(src))])
    assert not book.from_cache and "keyword:reach" in book.qg


def test_a_source_unchanged_is_not_read_again_to_find_its_entry(cache_dir: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Its SHA-256 is remembered with its stamp (as a checked cache file's), once its last change has settled."""
    from rulesgraph import SourceSpec
    from rulesgraph.build import corpus

    monkeypatch.setattr(cache_mod, "SETTLED", -1.0)
    monkeypatch.setattr(cache_mod, "_checked", {})
    src = tmp_path / "kw.txt"
    src.write_text("Flying\n\nFlying is an evasion ability.\n")
    read: list[str] = []
    read_bytes = corpus.read_bytes
    monkeypatch.setattr(corpus, "read_bytes", lambda path, display=None: read.append(display) or read_bytes(path, display))
    spec = SourceSpec(str(src), None, "kw.txt")
    assert not load([spec]).from_cache and read == ["kw.txt"]  # (the cache directory made: the digest is kept next time)
    monkeypatch.setattr(cache_mod, "_checked", {})  # as a new process
    assert load([spec]).from_cache and read == ["kw.txt", "kw.txt"]
    monkeypatch.setattr(cache_mod, "_checked", {})
    assert load([spec]).from_cache and read == ["kw.txt", "kw.txt"]  # found without reading it
    time.sleep(0.05)  # past a tick of the file system's clock
    src.write_text("Reach\n\nReach is a static ability.\n")  # the same size: its times tell
    book = load([spec])
    assert not book.from_cache and "keyword:reach" in book.qg and read == ["kw.txt"] * 3
    monkeypatch.setattr(cache_mod, "_checked", {})
    before = (cache_dir / cache_mod.CHECKED).read_bytes()
    src.write_text("Reach\n\nReach is a static ability!\n")
    assert not load([spec], use_cache=False).from_cache and read[-1] == "kw.txt"
    assert (cache_dir / cache_mod.CHECKED).read_bytes() == before  # --no-cache leaves the cache alone


def _build(_: int) -> int:
    return load(bundled_sources()).qg.number_of_nodes()


def test_two_processes_building_at_once_leave_one_whole_entry(cache_dir: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        sizes = pool.map(_build, [0, 1])
    assert sizes[0] == sizes[1]
    assert len(entries(cache_dir)) == 1 and not list(cache_dir.glob("*.tmp"))
    assert load(bundled_sources()).from_cache


def test_old_entries_are_pruned(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    for i in range(cache_mod.KEEP + 3):
        (cache_dir / f"build-old{i}.query").write_bytes(b"x")
        os.utime(cache_dir / f"build-old{i}.query", (i, i))
    load(bundled_sources())
    assert len(entries(cache_dir)) == cache_mod.KEEP


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "link to an entry"])
def test_a_cache_entry_that_is_no_regular_file_is_rebuilt_unread(cache_dir: Path, kind: str) -> None:
    """A FIFO in its place hung every start; a link to /dev/zero ended in a MemoryError."""
    load(bundled_sources())
    (path,) = entries(cache_dir)
    if kind == "link to an entry":
        real = cache_dir / "elsewhere"
        path.rename(real)
        path.symlink_to(real)
    else:
        path.unlink()
        os.mkfifo(path) if kind == "fifo" else path.symlink_to("/dev/zero")
    book = load(bundled_sources())
    assert not book.from_cache and len(book.notices) == 1 and "rebuilding" in book.notices[0]
    assert path.is_file() and not path.is_symlink() and load(bundled_sources()).from_cache  # replaced by a real entry


# --- a cache holds data, authenticated with the user's own key (issue 31) ----------------------------------------

class _Payload:
    def __init__(self, target: Path) -> None:
        self.target = target

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.touch, (self.target,))


def test_a_planted_graph_pickle_is_never_run(cache_dir: Path, tmp_path: Path) -> None:
    """The graph part was a pickle checked only by a plain SHA-256 anyone can compute."""
    import hashlib
    import pickle

    load(bundled_sources())
    (graph,) = cache_dir.glob("build-*.graph")
    ran = tmp_path / "payload-ran"
    payload = pickle.dumps(_Payload(ran))
    graph.write_bytes(cache_mod._MAGIC + hashlib.sha256(payload).digest() + payload)
    book = load(bundled_sources())
    assert book.from_cache and book.graph.number_of_nodes() > 100  # rebuilt: the network graph is read only when needed
    assert not ran.exists()


def test_an_entry_with_a_plain_checksum_is_rebuilt(cache_dir: Path) -> None:
    import hashlib

    load(bundled_sources())
    (query,) = entries(cache_dir)
    payload = cache_mod.marshalled.dumps({"schema": 0}, cache_mod._HEAD)
    query.write_bytes(cache_mod._MAGIC + hashlib.sha256(payload).digest() + payload)
    book = load(bundled_sources())
    assert not book.from_cache and any("damaged" in n for n in book.notices)


def test_the_graph_round_trips_as_data(cache_dir: Path) -> None:
    fresh = load(bundled_sources(), use_cache=False).graph
    again = cache_mod.graph_from_parts(cache_mod.decode(cache_mod.encode(fresh, "graph")))
    assert list(again.nodes(data=True)) == list(fresh.nodes(data=True)) and again.graph == fresh.graph
    assert list(again.edges(keys=True, data=True)) == list(fresh.edges(keys=True, data=True))
    assert list(again.in_edges(keys=True, data=True)) == list(fresh.in_edges(keys=True, data=True))


def test_the_key_is_the_users_own(cache_dir: Path) -> None:
    load(bundled_sources())
    key = cache_dir / cache_mod.SECRET
    assert key.stat().st_mode & 0o077 == 0 and len(key.read_bytes()) == 32
    for planted in ("readable by others", "another key"):
        cache_mod._secret.clear()
        if planted == "readable by others":
            key.chmod(0o644)  # someone else could read it: not a secret, replaced
        else:
            key.unlink()
            key.write_bytes(b"k" * 32)  # entries made with another key are not trusted
            key.chmod(0o600)
        book = load(bundled_sources())
        assert not book.from_cache and any("damaged" in n for n in book.notices), planted
        assert key.stat().st_mode & 0o077 == 0
    cache_mod._secret.clear()
    assert load(bundled_sources()).from_cache


def test_the_code_fingerprint_is_every_module_s_size_and_mtime() -> None:
    """Walked with os.walk and one stat a file: the same list as every ``*.py`` under the package, by path."""
    import hashlib

    package = Path(cache_mod.__file__).parent.parent
    stats = sorted((str(p.relative_to(package)), p.stat().st_size, p.stat().st_mtime_ns) for p in package.rglob("*.py"))
    assert len(stats) > 100 and cache_mod.code_fingerprint() == hashlib.sha256(repr(stats).encode()).hexdigest()[:16]


def _hashed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the payloads whose HMAC is computed from now on."""
    sizes: list[int] = []
    digest = cache_mod._digest
    monkeypatch.setattr(cache_mod, "_digest", lambda payload: sizes.append(len(payload)) or digest(payload))
    return sizes


def test_a_file_checked_once_is_not_hashed_again_while_unchanged(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_mod, "SETTLED", -1.0)  # every file settled: the check is remembered at once
    monkeypatch.setattr(cache_mod, "_checked", {})
    load(bundled_sources())
    (path,) = entries(cache_dir)
    sizes = _hashed(monkeypatch)
    assert load(bundled_sources()).from_cache and max(sizes) > 100_000  # checked, and remembered
    monkeypatch.setattr(cache_mod, "_checked", {})  # as a new process: the table is read from the disk
    sizes.clear()
    assert load(bundled_sources()).from_cache and max(sizes, default=0) < 100_000  # the entry is not hashed again
    good = path.read_bytes()
    time.sleep(0.05)  # past a tick of the file system's clock
    data = bytearray(good)
    data[-100] ^= 1
    path.write_bytes(bytes(data))  # the same file, the same size, written: its change time moves
    book = load(bundled_sources())
    assert not book.from_cache and book.notices == [f"cache file {path.name} is damaged; rebuilding"]


def test_a_check_is_remembered_only_once_the_file_has_settled(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_mod, "_checked", {})
    load(bundled_sources())
    load(bundled_sources())  # the entry was written just now: checked, not remembered
    assert not (cache_dir / cache_mod.CHECKED).exists()
    monkeypatch.setattr(cache_mod, "SETTLED", -1.0)
    load(bundled_sources())
    assert (cache_dir / cache_mod.CHECKED).exists()


def test_a_table_of_checks_not_written_with_the_users_key_is_ignored(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_mod, "_checked", {})
    load(bundled_sources())
    (path,) = entries(cache_dir)
    st = path.stat()
    planted = {path.name: [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]}
    payload = cache_mod.marshalled.dumps(planted, cache_mod._HEAD)
    (cache_dir / cache_mod.CHECKED).write_bytes(cache_mod._MAGIC + hashlib.sha256(payload).digest() + payload)
    sizes = _hashed(monkeypatch)
    assert load(bundled_sources()).from_cache and max(sizes) > 100_000  # the entry is checked all the same


def test_equal_texts_are_written_once_and_read_back_equal() -> None:
    a, b = "".join(["tram", "ple"]), "".join(["tra", "mple"])  # equal, two objects
    obj = {"x": [a, (a, "b"), {b: 1.0}], "y": [(b, "b"), (1, 2), (1.0, 2.0), (True,), frozenset({a})]}
    back = cache_mod.decode(cache_mod.encode(obj))
    assert back == obj and back["x"][0] is back["x"][1][0] is next(iter(back["x"][2]))  # one object where it was three
    assert back["x"][1] is back["y"][0]  # an equal tuple of texts too
    assert [type(x) for t in back["y"][1:4] for x in t] == [int, int, float, float, bool]  # 1 == 1.0 == True: not merged
    assert len(cache_mod.encode(obj)) < cache_mod._HEAD + len(cache_mod.marshalled.dumps(obj, cache_mod._HEAD))


def test_decoding_leaves_the_collector_as_it_found_it() -> None:
    import gc

    data = cache_mod.encode({"a": ["b"]})
    assert gc.isenabled() and cache_mod.decode(data) == {"a": ["b"]} and gc.isenabled()
    gc.disable()
    try:
        assert cache_mod.decode(data) == {"a": ["b"]} and not gc.isenabled()  # a caller's collector off stays off
    finally:
        gc.enable()


def test_a_key_another_process_made_meanwhile_is_used_not_removed(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes starting on an empty cache: the second read no key, then the first linked its own in; the second
    took it for a bad key, removed it and made another, and the first's entries were then "damaged" for everyone."""
    monkeypatch.setattr(cache_mod, "_secret", {})
    other = os.urandom(32)
    real = cache_mod._read_secret
    calls: list[int] = []

    def read(path: Path) -> bytes | None:
        calls.append(1)
        if len(calls) == 1:  # nothing there yet when this process looked; the other process links its key in now
            cache_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.write(fd, other)
            os.close(fd)
            return None
        return real(path)

    monkeypatch.setattr(cache_mod, "_read_secret", read)
    assert cache_mod.secret() == other and (cache_dir / cache_mod.SECRET).read_bytes() == other


def test_a_changed_learned_table_is_built_again_and_its_bad_lines_said(cache_dir: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The learned rule words (data/learned.tsv) are part of the cache key, like the alias table: a changed table is
    not answered from the entry of the old one, and the postings come back from the cache as built; a line the reader
    leaves out is said in the notices, and a table that cannot be read leaves the rules loaded without learned words,
    with a notice."""
    from rulesgraph import SourceSpec

    from .conftest import FIXTURES

    specs = [SourceSpec(str(FIXTURES / "mini_cr.txt"))]
    table = tmp_path / "learned.tsv"
    table.write_text("702.19b\ttrample\t1\ttrampl:2 block:1\n", encoding="utf-8")
    monkeypatch.setattr("rulesgraph.build.corpus.learned_path", lambda: table)
    first = load(specs)
    cached = load(specs)
    assert cached.from_cache and first.index.learned.spans and "trampl" in cached.index.learned
    assert list(cached.index.learned.docs) == list(first.index.learned.docs) == [first.qg.num["702.19b"]] * 2
    assert cached.index.asked == first.index.asked == {first.qg.num["702.19b"]: 1}  # rule 69's counts, through the cache
    table.write_text("702.19b\ttrample\t1\ttrampl:2\n608.2b\tx\t1\tfizzl:x\n", encoding="utf-8")
    second = load(specs)
    assert not second.from_cache and any("line 2: left out" in n for n in second.notices)
    assert "block" not in second.index.learned and "trampl" in second.index.learned
    table.unlink()
    third = load(specs)
    assert not third.from_cache and not third.index.learned.spans and any("learned rule words" in n for n in third.notices)


def test_a_changed_first_rules_record_is_built_again_and_its_bad_lines_said(cache_dir: Path, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The first rules' record (data/firsts.tsv) is part of the cache key too: summed over its parts for the rules the
    loaded CR has under the same name, through the cache; a line its reader leaves out is said in the notices, and a
    record that cannot be read leaves the rules loaded without it, with a notice."""
    from rulesgraph import SourceSpec

    from .conftest import FIXTURES

    specs = [SourceSpec(str(FIXTURES / "mini_cr.txt"))]
    name = load(specs).graph.nodes["702.19"]["title"].lower()
    table = tmp_path / "firsts.tsv"
    table.write_text(f"702.19b\t{name}\t0\t3\t1\n702.19b\t{name}\t4\t2\t2\n702.19c\tanother rule\t1\t5\t0\n", encoding="utf-8")
    monkeypatch.setattr("rulesgraph.build.corpus.firsts_path", lambda: table)
    first = load(specs)
    cached = load(specs)
    assert cached.from_cache and cached.index.firsts == first.index.firsts == {"702.19b": (5, 3)}  # 702.19c: not its name
    table.write_text(f"702.19b\t{name}\t0\t3\t1\n608.2b\tx\t0\t1\t2\n", encoding="utf-8")
    second = load(specs)
    assert not second.from_cache and any("line 2: left out" in n for n in second.notices) and second.index.firsts == {"702.19b": (3, 1)}
    table.unlink()
    third = load(specs)
    assert not third.from_cache and third.index.firsts == {} and any("first rules' record" in n for n in third.notices)
