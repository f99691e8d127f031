"""W307: two imported role files replace the same declaration; the later silently wins."""
from clitools import invoke


def test_two_imported_files_replacing_one_declaration_are_reported_at_the_later(tmp_path):
    (tmp_path / "a.wolf").write_text('import "roles"\nreplace func exile_risk(v, c) = 0.5\n', encoding="utf-8")
    (tmp_path / "b.wolf").write_text('import "roles"\nreplace func exile_risk(v, c) = 0.25\n', encoding="utf-8")
    (tmp_path / "v.wolf").write_text('import "a"\nimport "b"\nplayers 9\n'
                                     'deck 9: werewolf*3, seer, witch, hunter, villager*3\n', encoding="utf-8")
    r = invoke("lint", str(tmp_path / "v.wolf"))
    lines = r.stdout.splitlines()
    assert r.exit_code == 0  # a warning
    assert lines[0] == (f"{tmp_path / 'b.wolf'}:2:1: W307 warning: func 'exile_risk' is replaced again here: "
                        "the replacement in a.wolf is no longer in force")
    assert f"{tmp_path / 'a.wolf'}:2:1: note: replaced first here" in lines
    assert lines[-1] == "1 file checked: 0 errors, 1 warning"
    # each file alone replaces once: nothing to say
    assert invoke("lint", str(tmp_path / "a.wolf")).stdout.splitlines()[-1] == "1 file checked: 0 errors, 0 warnings"
