"""Start-up caches: lark's grammar cache and the parsed-file (AST) cache.

Both live in the per-user cache folder and must never change a result: an edited file,
imported or not, is noticed at once, and a folder that cannot be written, or a cache
file that is damaged, only means working without the cache.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang import load as loader
from wolfdsl.lang import parse as parsing

ROOT = Path(__file__).resolve().parents[1]
RULES = "players 2\ndeck 2: villager*2\n"


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """A fresh per-user cache folder for this test, and the loader's caches emptied."""
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr(loader, "_PARSED", {})
    loader._ast_folder.cache_clear()
    yield home
    loader._ast_folder.cache_clear()


def _env(cache: Path) -> dict:
    """The environment of a ``python -m wolfdsl`` subprocess with this cache folder."""
    return dict(os.environ, XDG_CACHE_HOME=str(cache),
                PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _base(colour: str) -> str:
    return f'import "roles"\noption colour: red | tan = {colour} "a test option"\n'


def _colour(path: Path) -> str:
    return loader.load(str(path)).options["colour"].value


def _project(tmp_path: Path, colour: str = "red") -> Path:
    """A ruleset that imports the bundled roles through a file of its own."""
    _write(tmp_path / "base.wolf", _base(colour))
    top = tmp_path / "game.wolf"
    _write(top, 'import "base"\nplayers 12\n'
                "deck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n")
    return top


# -- the grammar cache -----------------------------------------------------------------

def test_grammar_cache_is_written_then_read(cache_home):
    folder = parsing.cache_dir()
    assert folder == cache_home / "wolfdsl" and folder.is_dir()
    built = parsing.build_parser(folder)
    files = list(folder.glob("grammar-*.lark"))
    assert len(files) == 1 and not list(folder.glob(".grammar-*"))  # no temporary left over
    cached = parsing.build_parser(folder)
    source = (ROOT / "rulesets" / "prelude.wolf").read_text(encoding="utf-8")
    assert cached.parse(source) == built.parse(source)


def test_grammar_cache_file_names_the_grammar_lark_and_python(cache_home, monkeypatch):
    folder = parsing.cache_dir()
    parsing.build_parser(folder)
    import lark

    monkeypatch.setattr(lark, "__version__", lark.__version__ + ".other")
    parsing.build_parser(folder)
    assert len(list(folder.glob("grammar-*.lark"))) == 2  # another lark, another file


def test_a_damaged_grammar_cache_is_rebuilt_silently(cache_home, capfd):
    folder = parsing.cache_dir()
    parsing.build_parser(folder)
    (cached,) = folder.glob("grammar-*.lark")
    cached.write_bytes(cached.read_bytes()[:100])
    p = parsing.build_parser(folder)
    assert p.parse(RULES).data
    assert capfd.readouterr() == ("", "")


def test_no_cache_when_the_folder_cannot_be_written(tmp_path, monkeypatch, capfd):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))
    assert parsing.cache_dir() is None
    assert parsing.build_parser(None).parse(RULES).data
    loader._ast_folder.cache_clear()
    monkeypatch.setattr(loader, "_PARSED", {})
    try:
        assert loader._ast_folder() is None
        assert loader.load("standard-12").players == (12, 12)
    finally:
        loader._ast_folder.cache_clear()
    assert capfd.readouterr() == ("", "")


def test_a_read_only_cache_folder_is_not_used(tmp_path, monkeypatch):
    if os.geteuid() == 0:
        pytest.skip("root writes to read-only folders")
    home = tmp_path / "cache"
    (home / "wolfdsl").mkdir(parents=True)
    (home / "wolfdsl").chmod(0o500)
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    try:
        assert parsing.cache_dir() is None
    finally:
        (home / "wolfdsl").chmod(0o700)


# -- the parsed-file cache -------------------------------------------------------------

def test_an_edited_imported_file_is_noticed_by_the_next_load(tmp_path, cache_home):
    top = _project(tmp_path, "red")
    assert _colour(top) == "red"
    st = (tmp_path / "base.wolf").stat()
    _write(tmp_path / "base.wolf", _base("tan"))  # the same size
    os.utime(tmp_path / "base.wolf", ns=(st.st_atime_ns, st.st_mtime_ns))  # the same mtime
    assert _colour(top) == "tan"
    _write(tmp_path / "base.wolf", _base("tan") + 'summary "not closed\n')
    with pytest.raises(WolfError) as err:
        loader.load(str(top))
    assert err.value.diagnostics[0].code == "E101"
    _write(tmp_path / "base.wolf", _base("red"))
    assert _colour(top) == "red"


def test_an_unchanged_file_is_parsed_once(tmp_path, cache_home, monkeypatch):
    top = _project(tmp_path)
    first = loader.modules(top)
    import wolfdsl.lang.transform as transform

    monkeypatch.setattr(transform, "to_ast", lambda *a: pytest.fail("parsed again"))
    again = loader.modules(top)
    assert [m is n for m, n in zip(first, again)] == [True] * len(first)
    assert loader.load(str(top)) is loader.load(str(top))
    assert loader.load(str(top), {"colour": "tan"}) is not loader.load(str(top))


def test_a_new_process_reads_the_ast_from_disk(tmp_path, cache_home, monkeypatch):
    top = _project(tmp_path)
    parsed = loader.modules(top)
    assert len(list(loader._ast_folder().glob("*.pickle"))) == len(parsed)
    monkeypatch.setattr(loader, "_PARSED", {})  # as if in a new process
    import wolfdsl.lang.transform as transform

    monkeypatch.setattr(transform, "to_ast", lambda *a: pytest.fail("parsed again"))
    assert loader.modules(top) == parsed


def test_a_damaged_ast_file_is_parsed_again(tmp_path, cache_home, monkeypatch):
    top = _project(tmp_path)
    parsed = loader.modules(top)
    for f in loader._ast_folder().glob("*.pickle"):
        f.write_bytes(b"\x80\x05 not a pickle")
    monkeypatch.setattr(loader, "_PARSED", {})
    assert loader.modules(top) == parsed


def test_the_ast_folder_changes_with_the_code_that_shapes_an_ast(tmp_path, cache_home, monkeypatch):
    folder = loader._ast_folder()
    assert folder.parent == cache_home / "wolfdsl" / "ast"
    grammar = tmp_path / "wolf.lark"
    grammar.write_bytes(parsing.grammar_path().read_bytes() + b"\n")
    monkeypatch.setattr(loader, "grammar_path", lambda: grammar)
    loader._ast_folder.cache_clear()
    assert loader._ast_folder() != folder


def test_one_game_needs_neither_lark_nor_jsonschema_once_cached(tmp_path):
    """With warm caches, a game imports neither lark (every file is in the AST cache)
    nor jsonschema (only log validation needs it)."""
    env = _env(tmp_path / "cache")
    code = ("import sys; from wolfdsl.cli import main; sys.argv[1:] = ['run', 'standard-12', "
            "'--seed', '7', '--quiet']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'lark', 'jsonschema', 'yaml'}))")
    outs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                           timeout=120, cwd=tmp_path) for _ in range(2)]
    for p in outs:
        assert p.returncode == 0, p.stderr
    assert outs[0].stdout.splitlines()[0] == outs[1].stdout.splitlines()[0]  # same game
    assert outs[0].stdout.splitlines()[-1] == "['lark']"  # the first run parsed
    assert outs[1].stdout.splitlines()[-1] == "[]"


def test_the_disk_cache_stays_bounded(tmp_path, cache_home, monkeypatch):
    monkeypatch.setattr(loader, "AST_FILES_KEPT", 4)
    for n in range(7):
        _write(tmp_path / f"f{n}.wolf", RULES + f"# {n}\n")
        loader.read_module(tmp_path / f"f{n}.wolf")
    assert 2 <= len(list(loader._ast_folder().glob("*.pickle"))) <= 4


def test_stale_formats_go_when_a_new_one_comes(tmp_path, cache_home, monkeypatch):
    old, recent = (cache_home / "wolfdsl" / "ast" / name for name in ("old", "recent"))
    for folder in (old, recent):
        folder.mkdir(parents=True)
        (folder / "x.pickle").write_bytes(b"")
    os.utime(old, (0, 0))
    folder = loader._ast_folder()
    assert folder.is_dir() and recent.is_dir() and not old.exists()
    grammar = parsing.cache_dir() / "grammar-old.lark"
    grammar.write_bytes(b"")
    os.utime(grammar, (0, 0))
    parsing.build_parser(parsing.cache_dir())
    assert not grammar.exists() and len(list(parsing.cache_dir().glob("grammar-*.lark"))) == 1


def test_a_grammar_cache_that_cannot_be_renamed_into_place_is_no_error(cache_home, monkeypatch):
    folder = parsing.cache_dir()

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(parsing.os, "replace", refuse)
    assert parsing.build_parser(folder).parse(RULES).data
    assert list(folder.iterdir()) == []


def test_a_game_without_a_writable_cache_prints_the_same(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    runs = []
    for cache in (tmp_path / "cache", tmp_path / "cache", blocker / "cache"):
        env = _env(cache)
        runs.append(subprocess.run([sys.executable, "-m", "wolfdsl", "run", "standard-12", "--seed", "7"],
                                   env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path))
    for p in runs:
        assert p.returncode == 0 and p.stderr == "", p.stderr
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout  # cold, warm, no cache
    assert blocker.read_text() == "not a folder"
