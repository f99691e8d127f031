"""``wolfdsl lint`` for editors and CI: folders, stdin, github format, output file,
--explain, [tool.wolfdsl] settings and SARIF for code scanning."""
import json

import pytest

from clitools import invoke

BAD = 'import "standard-12"\nset witch_self_save = first_nite\n'
GITHUB_LINE = ("::error file=bad.wolf,line=2,col=23,endLine=2,endColumn=33,title=E207 bad-option::option "
               "'witch_self_save' cannot be 'first_nite'; allowed values: never | first_night | no_guard | "
               "no_living_guard | unrestricted")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "bad.wolf").write_text(BAD, encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "skip.wolf").write_text("nonsense {", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_folder_is_searched_and_is_the_default(folder):
    for args in ((), (".",)):
        r = invoke("lint", *args)
        assert r.exit_code == 1
        assert r.stdout.splitlines()[0].startswith("bad.wolf:2:23: E207 error:")
        assert r.stderr == "1 file checked: 1 error, 0 warnings\n"


def test_github_annotations(folder):
    r = invoke("lint", "--format", "github")
    assert r.exit_code == 1 and r.stdout == GITHUB_LINE + "\n"


def test_stdin_with_its_filename(folder):
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["lint", "-", "--stdin-filename", "bad.wolf", "--format", "github"], input=BAD)
    assert r.exit_code == 1 and r.stdout == GITHUB_LINE + "\n"
    assert not [p for p in folder.iterdir() if p.name.startswith(".wolfdsl-stdin")]


def test_output_file(folder):
    r = invoke("lint", "bad.wolf", "--format", "json", "--output-file", "out.json")
    assert r.exit_code == 1 and r.stdout == ""
    assert json.loads((folder / "out.json").read_text())[0]["code"] == "E207"


def test_pyproject_settings_and_the_command_line_wins(folder):
    (folder / "pyproject.toml").write_text('[tool.wolfdsl]\nignore = ["E207"]\n')
    assert invoke("lint").exit_code == 0
    assert invoke("lint", "--ignore", "W301").exit_code == 1
    (folder / "pyproject.toml").write_text('[tool.wolfdsl]\nignroe = ["E207"]\n')
    r = invoke("lint")
    assert r.exit_code == 2 and "no setting 'ignroe'" in r.stderr


def test_explain_a_code_or_a_name():
    r = invoke("lint", "--explain", "W301")
    assert r.exit_code == 0
    assert r.stdout.startswith("W301 unused-declaration (warning)\n\nA declaration nothing uses.\n\nWhat it finds:\n    ")
    assert r.stdout.rstrip().endswith("/docs/lint.md#w301-unused-declaration")
    assert invoke("lint", "--explain", "unused-declaration").stdout == r.stdout
    assert invoke("lint", "--explain", "W999").exit_code == 2


def test_sarif_uris_are_relative_with_base_ids_and_rules_have_help(folder):
    r = invoke("lint", "bad.wolf", "--format", "sarif")
    run = json.loads(r.stdout)["runs"][0]
    loc = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert loc == {"uri": "bad.wolf", "uriBaseId": "%SRCROOT%"}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == folder.resolve().as_uri() + "/"
    assert "WOLFDSL_BUNDLED" in run["originalUriBaseIds"]
    rule = next(d for d in run["tool"]["driver"]["rules"] if d["id"] == "W301")
    assert rule["helpUri"].endswith("lint.md#w301-unused-declaration")
    assert "``" not in rule["help"]["text"] and not rule["help"]["text"].split("\n")[1].startswith(" ")


def test_sarif_names_bundled_files_against_their_base():
    from wolfdsl.diagnostics import Diagnostic, Span
    from wolfdsl.lint.render import sarif

    d = Diagnostic(Span("<bundled>/roles.wolf", 3, 1, 3, 5), "warning", "x", "W301")
    loc = json.loads(sarif([d]))["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "roles.wolf", "uriBaseId": "WOLFDSL_BUNDLED"}
