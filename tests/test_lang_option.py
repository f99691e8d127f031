"""``--lang`` takes a language in any case and with a region tag (a researcher's trial:
``--lang ZH`` was refused), on every command that takes it."""
import pytest
import typer.main

from clitools import invoke
from wolfdsl.cli import app
from wolfdsl.commands import _check_lang


@pytest.mark.parametrize("given, lang", [("zh", "zh"), ("ZH", "zh"), ("zh-CN", "zh"), ("zh_Hans", "zh"),
                                         (" Zh ", "zh"), ("en", "en"), ("EN", "en"), ("en-US", "en"), (None, None)])
def test_a_language_is_read_in_any_case_and_with_a_region(given, lang):
    assert _check_lang(given) == lang


@pytest.mark.parametrize("bad", ["fr", "chinese", "", "-zh"])
def test_another_language_is_refused(bad):
    with pytest.raises(typer.BadParameter, match=f"unknown language '{bad}'; use en or zh"):
        _check_lang(bad)


def test_every_lang_option_goes_through_the_check():
    group = typer.main.get_command(app)
    taking = {name: p.callback for name, cmd in group.commands.items() for p in cmd.params if p.name == "lang"}
    assert sorted(taking) == ["explain", "narrate", "play", "rulesets", "run", "script", "show"]
    assert all(callback is not None and callback.__name__ == "_check_lang" for callback in taking.values()), taking


def test_commands_speak_chinese_for_upper_case_and_region_tags(tmp_path):
    log = tmp_path / "g.jsonl"
    assert invoke("run", "classic-9", "--seed", 1, "--log", log, "-q").exit_code == 0
    for args in (["show", "classic-9"], ["script", "classic-9"], ["run", "classic-9", "--seed", 1, "-q"],
                 ["narrate", log], ["explain", log, "--seat", 1]):
        zh = invoke(*args, "--lang", "zh")
        assert zh.exit_code == 0, zh.output
        assert zh.stdout != invoke(*args, "--lang", "en").stdout
        for variant in ("ZH", "zh-CN"):
            r = invoke(*args, "--lang", variant)
            assert (r.exit_code, r.stdout) == (0, zh.stdout), (args, variant, r.output)
    r = invoke("show", "classic-9", "--lang", "FR")
    assert r.exit_code == 2 and "Invalid value for '--lang': unknown language 'FR'; use en or zh" in r.stderr
