"""``wolfdsl new``: an editable copy or a short importing file, next to the user."""
import os

from clitools import invoke
from wolfdsl.lang.load import load


def test_new_copies_the_base_and_the_copy_plays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("new", "my-12", "--from", "standard-12")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "wrote my-12.wolf"
    text = (tmp_path / "my-12.wolf").read_text(encoding="utf-8")
    assert 'title "my-12"' in text and "deck 12:" in text
    rs = load(str(tmp_path / "my-12.wolf"))
    assert rs.title == "my-12" and rs.players == (12, 12)


def test_new_import_writes_a_short_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert invoke("new", "moon", "--from", "new-moon", "--import").exit_code == 0
    text = (tmp_path / "moon.wolf").read_text(encoding="utf-8")
    assert 'import "new-moon"' in text and len(text.splitlines()) < 10
    assert load(str(tmp_path / "moon.wolf")).title == "moon"


def test_new_refuses_to_overwrite_and_an_unknown_base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.wolf").write_text("keep me")
    r = invoke("new", "x")
    assert r.exit_code == 2 and "--force" in r.stderr
    assert (tmp_path / "x.wolf").read_text() == "keep me"
    assert invoke("new", "x", "--force").exit_code == 0
    r = invoke("new", "y", "--from", "standard-13")
    assert r.exit_code == 2 and "did you mean" in r.stderr.lower() or "unknown ruleset" in r.stderr
    assert not os.path.exists(tmp_path / "y.wolf")


def test_new_writes_at_a_path_it_is_given_and_says_where(tmp_path, monkeypatch):
    # NAME may be a path, as with cp: written there, the output names the place
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    r = invoke("new", "../x")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == f"wrote {tmp_path / 'x.wolf'} (outside the current folder)"
    assert load(str(tmp_path / "x.wolf")).title == "x"
    r = invoke("new", "../x")
    assert r.exit_code == 2 and f"'{tmp_path / 'x.wolf'}' exists; use --force" in r.stderr


def test_new_creates_no_folder_and_never_writes_over_its_base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("new", "nodir/x")
    assert r.exit_code == 2 and f"the folder {tmp_path / 'nodir'} does not exist" in r.stderr
    assert not (tmp_path / "nodir").exists()
    assert invoke("new", "mine").exit_code == 0
    before = (tmp_path / "mine.wolf").read_bytes()
    r = invoke("new", "mine", "--from", "mine.wolf", "--force")
    assert r.exit_code == 2 and "it is the ruleset --from copies" in r.stderr
    assert (tmp_path / "mine.wolf").read_bytes() == before and os.listdir(tmp_path) == ["mine.wolf"]


def test_the_copy_is_titled_after_the_new_name_in_english_only(tmp_path, monkeypatch):
    # the base's Chinese title would head `wolfdsl script --lang zh` with the base's name;
    # a copy of the name as the Chinese title (`title "mygame" "mygame"`, a trial) read as
    # a translation and hid that none was written
    monkeypatch.chdir(tmp_path)
    for args in (["new", "mygame"], ["new", "myshort", "--import"]):
        assert invoke(*args).exit_code == 0
    text = (tmp_path / "mygame.wolf").read_text(encoding="utf-8")
    assert "标准12人（守卫）" not in text
    assert ('\ntitle "mygame"   # English title; add the Chinese (中文) one after it: title "mygame" "中文名"\n'
            in text)
    assert ('\ntitle "myshort"   # English title; add the Chinese (中文) one after it: title "myshort" "中文名"\n'
            in (tmp_path / "myshort.wolf").read_text(encoding="utf-8"))
    for name in ("mygame", "myshort"):
        rs = load(str(tmp_path / f"{name}.wolf"))
        assert (rs.title, rs.title_zh) == (name, "")
        zh = invoke("script", f"{name}.wolf", "--lang", "zh")
        assert zh.stdout.splitlines()[0] == f"# {name} — 法官台本"
        assert zh.stderr.splitlines()[1] == f'  {name}.wolf:5: title "{name}"'   # told it has no Chinese
        lint = invoke("lint", f"{name}.wolf")
        assert (lint.exit_code, lint.stdout) == (0, "1 file checked: 0 errors, 0 warnings\n")


def test_a_short_file_calls_a_local_base_by_its_file_not_bundled(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert invoke("new", "mygame").exit_code == 0
    assert invoke("new", "my3", "--from", "mygame.wolf", "--import").exit_code == 0
    first = (tmp_path / "my3.wolf").read_text(encoding="utf-8").splitlines()[0]
    assert first == ("# my3.wolf — made with `wolfdsl new my3 --from mygame.wolf`: "
                     "the ruleset in mygame.wolf with your changes.")
    assert load(str(tmp_path / "my3.wolf")).title == "my3"
    assert invoke("new", "my4", "--import").exit_code == 0
    first = (tmp_path / "my4.wolf").read_text(encoding="utf-8").splitlines()[0]
    assert first == ("# my4.wolf — made with `wolfdsl new my4 --from standard-12`: "
                     "the bundled standard-12 with your changes.")


def test_new_import_of_a_local_base_names_it_from_the_new_files_folder(tmp_path, monkeypatch):
    # the short file's import is read from its own folder: a base in a subfolder is
    # imported by its path from there (it was imported by its bare name, which no load found)
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "base.wolf").write_text('title "base"\nimport "classic-9"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = invoke("new", "mine", "--import", "--from", "a/base.wolf")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "mine.wolf").read_text(encoding="utf-8").splitlines()[-1] == 'import "a/base"'
    assert load(str(tmp_path / "mine.wolf")).players == (9, 9)
    # a base outside the new file's folder cannot be imported: said, nothing written
    monkeypatch.chdir(tmp_path / "a")
    (tmp_path / "b").mkdir()
    r = invoke("new", "../b/x", "--import", "--from", "base.wolf")
    assert r.exit_code == 2 and "an import reads only files in and under its own folder" in r.stderr
    assert "drop --import for a full copy" in r.stderr and not (tmp_path / "b" / "x.wolf").exists()


def test_a_copy_of_a_local_file_keeps_importing_the_files_beside_it(tmp_path, monkeypatch):
    # the copy's `import "watchman"` named a file beside the base, which the new file's
    # folder does not have: no load found it
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "base.wolf").write_text('title "base"\nimport "extra"\nimport "classic-9"\n',
                                              encoding="utf-8")
    (tmp_path / "a" / "extra.wolf").write_text('import "prelude"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = invoke("new", "mine", "--from", "a/base.wolf")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "mine.wolf").read_text(encoding="utf-8").splitlines()[2:] == [
        'import "a/extra"', 'import "classic-9"']
    assert load(str(tmp_path / "mine.wolf")).players == (9, 9)
    # beside the base nothing changes
    assert invoke("new", "a/two", "--from", "a/base.wolf").exit_code == 0
    assert (tmp_path / "a" / "two.wolf").read_text(encoding="utf-8").splitlines()[2] == 'import "extra"'


def test_a_copy_whose_imports_would_be_outside_its_folder_is_refused_with_what_to_do(tmp_path, monkeypatch):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "base.wolf").write_text('title "base"\nimport "extra"\nimport "classic-9"\n',
                                              encoding="utf-8")
    (tmp_path / "a" / "extra.wolf").write_text('import "prelude"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path / "b")
    r = invoke("new", "mine", "--from", "../a/base.wolf")
    assert r.exit_code == 2 and not (tmp_path / "b" / "mine.wolf").exists()
    assert r.stderr == (f"error: cannot copy ../a/base.wolf to {tmp_path / 'b' / 'mine.wolf'}: it imports "
                        f"../a/extra.wolf, outside {tmp_path / 'b'}, and an import reads only files in and "
                        "under its own folder; write the new file beside base.wolf (wolfdsl new ../a/mine "
                        f"--from ../a/base.wolf), or copy extra.wolf into {tmp_path / 'b'} first\n")
    # once copied beside the new file, the import is kept as it is
    (tmp_path / "b" / "extra.wolf").write_text('import "prelude"\n', encoding="utf-8")
    assert invoke("new", "mine", "--from", "../a/base.wolf").exit_code == 0
    assert (tmp_path / "b" / "mine.wolf").read_text(encoding="utf-8").splitlines()[2] == 'import "extra"'
    assert load(str(tmp_path / "b" / "mine.wolf")).players == (9, 9)


def test_a_bundled_files_name_is_refused_unless_forced(tmp_path, monkeypatch):
    # a local roles.wolf hides the bundled one from the files beside it, itself included
    monkeypatch.chdir(tmp_path)
    r = invoke("new", "roles")
    assert r.exit_code == 2 and not (tmp_path / "roles.wolf").exists()
    assert r.stderr == ("error: cannot write roles: roles is the name of a bundled file (<bundled>/roles.wolf), "
                        f"which roles.wolf would hide from every file in {tmp_path} that imports \"roles\" (an "
                        "import reads the file beside it first); give it another name, such as my-roles (or "
                        "use --force to write it anyway)\n")
    assert "bundled file (<bundled>/standard-12.wolf)" in invoke("new", "standard-12").stderr
    assert invoke("new", "roles", "--force").exit_code == 0
    r = invoke("lint", "roles.wolf")
    assert r.exit_code == 1, r.output
    assert r.stdout.splitlines()[0] == (
        f"roles.wolf:7:1: E201 error: import cycle: {tmp_path / 'roles.wolf'} -> {tmp_path / 'roles.wolf'}; "
        "this file imports \"roles\", its own name, which hides the bundled roles (<bundled>/roles.wolf) "
        "from the files in its folder: rename it (such as my-roles.wolf)")
