"""A win condition that runs away while lint explores does not use up the run limits of
the win conditions checked after it (lint used to conclude that no faction could win)."""
from wolfdsl.lint import lint_paths

STD = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'


def test_a_runaway_win_rule_leaves_the_others_alone(tmp_path):
    path = tmp_path / "runaway.wolf"
    path.write_text(STD + "func f(n) = if n == 0 then 1 else f(n - 1) + f(n - 1)\n"
                    "win w for village priority 9 when f(40) == 1\n", encoding="utf-8")
    codes = sorted(d.code for d in lint_paths([str(path)]))
    assert codes == ["W331"]   # 'w' holds nowhere; village_wins, side_kill, town_kill do hold
