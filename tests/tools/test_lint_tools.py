"""``wolfdsl lint`` for editors and CI: folders, stdin, github format, output file,
--explain, [tool.wolfdsl] settings and SARIF for code scanning."""
import json

import pytest

from clitools import invoke

BAD = 'import "standard-12"\nset witch_self_save = first_nite\n'
GITHUB_LINE = ("::error file=bad.wolf,line=2,col=23,endLine=2,endColumn=33,title=E207 bad-option::option "
               "'witch_self_save' cannot be 'first_nite' (did you mean 'first_night'?); allowed values: never | "
               "first_night | no_guard | "
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
        assert r.stdout.splitlines()[-1] == "1 file checked: 1 error, 0 warnings" and r.stderr == ""


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
    assert r.stderr == "1 file checked: 1 error, 0 warnings\n"


def test_the_summary_goes_where_the_format_wants_it(folder):
    # text: after the findings on stdout (`wolfdsl lint > report.txt` keeps it); with
    # --output-file or --format github on stderr; json and sarif: stdout is the document alone
    text = invoke("lint", "bad.wolf")
    assert text.stdout.splitlines()[0].startswith("bad.wolf:2:23: E207 error:")
    assert text.stdout.endswith("\n1 file checked: 1 error, 0 warnings\n") and text.stderr == ""
    r = invoke("lint", "bad.wolf", "--output-file", "out.txt")
    assert r.exit_code == 1 and r.stdout == "" and r.stderr == "1 file checked: 1 error, 0 warnings\n"
    assert (folder / "out.txt").read_text() + "1 file checked: 1 error, 0 warnings\n" == text.stdout
    r = invoke("lint", "bad.wolf", "--format", "github")
    assert r.stdout == GITHUB_LINE + "\n" and r.stderr == "1 file checked: 1 error, 0 warnings\n"
    for fmt in ("json", "sarif"):
        r = invoke("lint", "bad.wolf", "--format", fmt)
        assert r.exit_code == 1 and r.stderr == "" and json.loads(r.stdout)


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


CODES = ("E101-E102, E201-E213, E401-E402, W300-W307, W310, W320-W322, W330-W335, W340-W343, W350-W353, "
         "W360-W361, W370, W390-W394")


def test_explain_a_runtime_code():
    r = invoke("lint", "--explain", "E401")
    assert r.exit_code == 0
    assert r.stdout.startswith("E401 rule-failed (error)\n\nA rule failed while a game ran.\n\nWhat it finds:\n")
    assert r.stdout.rstrip().endswith("/docs/lint.md#e401-rule-failed")
    assert invoke("lint", "--explain", "run-limit").stdout.startswith(
        "E402 run-limit (error)\n\nA rule ran past a run limit while a game ran.\n")
    assert invoke("lint", "--explain", "e402").exit_code == 0


def test_explain_an_unknown_code_lists_the_codes():
    r = invoke("lint", "--explain", "E999")
    assert r.exit_code == 2
    assert " ".join(r.stderr.split()).endswith(
        f"Error: Invalid value for '--explain': no single code matches 'E999'; the codes are {CODES} (E1xx "
        "syntax, E2xx names and types, W3xx lint checks, W39x and E401 --explore, E4xx a rule that fails while a game "
        "runs)")
    r = invoke("lint", "--explain", "E4")
    assert " ".join(r.stderr.split()).endswith("no single code matches 'E4' (it matches E401, E402)")


def test_every_code_a_command_prints_is_explainable():
    # a code in a Diagnostic anywhere in the package (compiler, engine, scenarios) has an entry
    import re
    from pathlib import Path

    import wolfdsl
    from wolfdsl.lint.registry import RETIRED, explainable

    root = Path(wolfdsl.__file__).parent
    printed = {c for p in root.rglob("*.py") for c in re.findall(r"[\"']([EW]\d{3})[\"']", p.read_text("utf-8"))}
    assert {"E101", "E207", "E401", "E402"} <= printed
    assert [c for c in sorted(printed - RETIRED) if explainable(c) != [c]] == []


def test_the_e207_example_is_a_value_really_not_allowed(tmp_path):
    r = invoke("lint", "--explain", "E207")
    assert "    `set sheriff_vote_weight = 4` (allowed: 1 | 1.5 | 2 | 3).\n" in r.stdout
    (tmp_path / "x.wolf").write_text('import "standard-12"\nset sheriff_vote_weight = 4\n', encoding="utf-8")
    r = invoke("lint", str(tmp_path / "x.wolf"))
    assert r.exit_code == 1
    assert "E207 error: option 'sheriff_vote_weight' cannot be 4; allowed values: 1 | 1.5 | 2 | 3\n" in r.stdout


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
