"""``me.oil =- 1`` parsed silently as ``me.oil = -1`` (new-user trial): lint warns
(W360) at the ``=-`` and says to write ``-=`` to subtract."""
from clitools import invoke

SOURCE = ('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\nset wolf_win = town\n'
          "global spent = 2\nstep brew in night after witch before dawn { spent =- 1 }\n")


def test_a_reversed_minus_assignment_is_a_warning_that_says_what_to_write(tmp_path):
    path = tmp_path / "brew.wolf"
    path.write_text(SOURCE, encoding="utf-8")
    r = invoke("lint", path)
    assert r.exit_code == 0, r.output
    assert (f"{path}:6:52: W360 warning: 'spent =- 1' sets spent to -1; to subtract 1, write 'spent -= 1' "
            "(to set it to -1, write 'spent = -1')") in r.stdout
    assert "6 | step brew in night after witch before dawn { spent =- 1 }\n  |" \
           "                                                    ^^" in r.stdout
    path.write_text(SOURCE.replace("=- 1", "-= 1"), encoding="utf-8")
    assert "W360" not in invoke("lint", path).stdout


def test_the_warning_quotes_the_assignment_as_written(tmp_path):
    path = tmp_path / "brew.wolf"
    path.write_text(SOURCE.replace("spent =- 1", "spent =-1"), encoding="utf-8")
    out = invoke("lint", path).stdout
    assert "W360 warning: 'spent =-1' sets spent to -1; to subtract 1, write 'spent -= 1'" in out, out
    assert "'spent =- 1'" not in out
    path.write_text(SOURCE.replace("spent =- 1", "spent  =-   1"), encoding="utf-8")
    out = invoke("lint", path).stdout
    assert "W360 warning: 'spent  =-   1' sets spent to -1" in out, out
