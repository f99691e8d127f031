"""The toolbox commands of ``wolfdsl``: ``test``, ``show``, ``script``, ``new``,
``narrate`` and ``explain`` (issue 12).

Each command here is a thin typer wrapper: it parses the options, calls the module that
does the work and prints the result. :func:`register` adds them to the application of
:mod:`wolfdsl.cli`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from wolfdsl.cliparams import player_count

from wolfdsl.terminal import guarded, user_errors

LANGS = ("en", "zh")


def register(app: typer.Typer, cls: type) -> None:
    """Add the toolbox commands to ``app``; ``cls`` is the CLI's command class."""
    app.command(cls=cls, short_help="Run scenario files (every one under a folder) as tests.")(test)
    app.command(cls=cls, short_help="Show a ruleset: deck, options, night order, day, wins.")(show)
    app.command(cls=cls, short_help="Print the moderator's call sheet of a ruleset.")(script)
    app.command(cls=cls, short_help="Start a new ruleset file from a bundled one.")(new)
    app.command(cls=cls, short_help="Narrate a logged game (a --log file).")(narrate)
    app.command(cls=cls, short_help="Play a seat yourself (--seat N), or moderate a real table (--moderator).")(play)
    app.command(cls=cls, short_help="Why a seat died or survived in a logged game.")(explain)


def complete_ruleset(incomplete: str) -> list[str]:
    """Shell completion of a RULESET: the bundled names and the .wolf files here that
    start with what was typed."""
    from wolfdsl.lang.load import bundled

    local = sorted(str(p) for p in Path(".").glob(incomplete + "*.wolf"))
    return [n for n in bundled() if n.startswith(incomplete)] + local


def _at_least_one(value: Optional[int]) -> Optional[int]:
    if value is not None and value < 1:
        raise typer.BadParameter(f"must be at least 1, got {value}")
    return value


def _check_lang(lang: Optional[str]) -> Optional[str]:
    """``--lang`` as one of :data:`LANGS`, in any case and with a region or script tag
    (``ZH``, ``zh-CN``, ``zh_Hans``, ``en-US``); raises ``typer.BadParameter`` for another
    language."""
    if lang is None:
        return None
    base = lang.strip().lower().replace("_", "-").split("-")[0]
    if base not in LANGS:
        raise typer.BadParameter(f"unknown language '{lang}'; use en or zh")
    return base


# --------------------------------------------------------------------------------------
# wolfdsl test
# --------------------------------------------------------------------------------------

def test(
    paths: Annotated[Optional[List[str]], typer.Argument(
        help="Scenario files, or folders to search for them (default: the current folder).",
        metavar="PATH...", show_default=False)] = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", metavar="J", callback=_at_least_one,
        help="Worker processes (default: 1).")] = 1,
    junit: Annotated[Optional[Path], typer.Option(
        "--junit", metavar="FILE", dir_okay=False,
        help="Also write the results as JUnit XML (for CI; -: on stdout, the other lines "
             "on stderr).")] = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Print only the files that fail, and the summary.")] = False,
) -> None:
    """Run scenario files as tests: one line per file, then `N passed, M failed` (and
    `K errors` for the files that cannot be played).

    A folder is searched (recursively, hidden folders left out) for .yaml/.yml scenario
    files; one without an `expect:` block is played too, an `ERROR` when it cannot be
    played (as when named), else counted in the summary as skipped
    (`2 skipped (no expect:): a.yaml, b.yaml`). Exit 0 when every scenario holds, 1 when
    one fails or cannot be played, 2 on bad usage."""
    from wolfdsl.scenario.suite import find_scenarios, junit_xml, run_suite, summary

    with guarded():
        try:
            drafts: list[Path] = []
            files = find_scenarios(paths or ["."], drafts)
        except FileNotFoundError as err:
            raise typer.BadParameter(f"'{err.args[0]}' does not exist",
                                     param_hint="'PATH...'") from None
        from wolfdsl.filekind import file_kind, ruleset_not_scenario

        for given in paths or []:
            if Path(given).is_file() and file_kind(given) == "ruleset":
                raise typer.BadParameter(ruleset_not_scenario(given), param_hint="'PATH...'")
        from wolfdsl.outfile import is_stdout, write_text

        aside = is_stdout(junit)  # --junit -: the XML on stdout, the lines on stderr
        results = []
        labels = {"passed": "PASS ", "failed": "FAIL ", "error": "ERROR"}
        for result in run_suite(files, jobs, drafts):
            results.append(result)
            if result.status != "skipped" and not (quiet and result.ok):
                typer.echo(f"{labels[result.status]} {result.path}", err=aside)
        if all(r.status == "skipped" for r in results):
            none = f" ({len(results)} YAML file{'' if len(results) == 1 else 's'} without `expect:`: " \
                   f"{', '.join(r.path for r in results)})" if results else ""
            typer.echo(f"no scenario files found in {', '.join(paths or ['.'])}{none}", err=True)
            raise typer.Exit(2)
        for result in results:
            if not result.ok:
                typer.echo(f"\n--- {result.path}\n{result.report.rstrip()}", err=aside)
        if junit is not None:
            with user_errors():
                write_text(junit, junit_xml(results), "--junit", files)
        typer.echo(("\n" if any(not r.ok for r in results) else "") + summary(results), err=aside)
    raise typer.Exit(0 if all(r.ok for r in results) else 1)


# --------------------------------------------------------------------------------------
# wolfdsl show
# --------------------------------------------------------------------------------------

def _sets(items: Optional[List[str]]) -> dict:
    from wolfdsl.cli import parse_sets

    return parse_sets(items or [])


def show(
    ruleset: Annotated[str, typer.Argument(
        help="A .wolf file or a bundled ruleset name.", metavar="RULESET", show_default=False,
        autocompletion=complete_ruleset)],
    lang: Annotated[str, typer.Option(
        "--lang", metavar="LANG", callback=_check_lang, help="en or zh.")] = "en",
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=VALUE", help="Set a ruleset option (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the ruleset as JSON instead of text.")] = False,
) -> None:
    """Show a ruleset as the engine will play it: players, deck, every option (value,
    allowed values, rule, who set it), the night order and the day's steps (which run
    every night, only the first, or never with these options), event cards, win rules."""
    import json

    from wolfdsl.present.show import render, ruleset_view

    with guarded():
        options = _sets(set_)
        with user_errors():
            view = ruleset_view(ruleset, options)
        from wolfdsl.cli import warn_sets

        warn_sets(ruleset, options)
        if as_json:
            typer.echo(json.dumps(view, ensure_ascii=False, indent=2))
        else:
            typer.echo(render(view, lang), nl=False)


# --------------------------------------------------------------------------------------
# wolfdsl script
# --------------------------------------------------------------------------------------

SHEET_FORMATS = ("md", "html")


def _write_or_echo(text: str, output: Optional[Path], ruleset: str) -> None:
    from wolfdsl.outfile import is_stdout

    if output is None or is_stdout(output):
        typer.echo(text, nl=False)
        return
    from wolfdsl.lang.load import input_files
    from wolfdsl.outfile import write_text

    with user_errors():
        write_text(output, text, "--output", input_files(ruleset))
    typer.echo(f"wrote {output}", err=True)


SHEET_SUFFIXES = {"md": (".md", ".markdown", ".txt"), "html": (".html", ".htm")}
"""The file names each format of the call sheet is written to (``-o``)."""


def _sheet_format(fmt: Optional[str], output: Optional[Path]) -> tuple[str, Optional[str]]:
    """The call sheet's format — ``--format``, else the one the ``-o`` file's extension
    names (``sheet.html``: html), else md — and the warning for a ``--format`` that the
    extension contradicts (``-o sheet.md --format html``: written as asked, and the
    warning names the format written and a matching file name), else ``None``."""
    from wolfdsl.outfile import is_stdout

    suffix = "" if output is None or is_stdout(output) else Path(output).suffix.lower()
    named = next((f for f, suffixes in SHEET_SUFFIXES.items() if suffix in suffixes), None)
    if fmt is None:
        return named or "md", None
    if named is None or named == fmt:
        return fmt, None
    better = Path(output).with_suffix(SHEET_SUFFIXES[fmt][0])
    return fmt, (f"warning: wrote {'HTML' if fmt == 'html' else 'Markdown'} (--format {fmt}) into {output}, a "
                 f"{suffix} file: name it {better}, or leave out --format and the extension chooses")


def script(
    ruleset: Annotated[str, typer.Argument(
        help="A .wolf file or a bundled ruleset name.", metavar="RULESET", show_default=False,
        autocompletion=complete_ruleset)],
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="LANG", callback=_check_lang,
        help="en or zh (default: zh when the ruleset's title or summary is written in Chinese).")] = None,
    fmt: Annotated[Optional[str], typer.Option(
        "--format", metavar="FORMAT",
        help="md (Markdown) or html (a printable page); default: html for an -o FILE ending .html or "
             ".htm, else md.")] = None,
    output: Annotated[Optional[Path], typer.Option(
        "--output", "-o", metavar="FILE", dir_okay=False,
        help="Write to FILE instead of stdout (-: stdout).")] = None,
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=VALUE", help="Set a ruleset option (repeatable).")] = None,
    players: Annotated[Optional[str], typer.Option(
        metavar="N", callback=player_count,
        help="Player count, for rulesets that accept a range (default: the ruleset's default count; the "
             "sheet says which).")] = None,
) -> None:
    """Print the moderator's call sheet: the deck, the first night and the other nights as
    numbered calls, the day's procedure, what to remember at any time, the house rules
    in force and any event cards. The words are the `call` clauses of the ruleset; with
    --lang zh, a warning on standard error lists the texts with no Chinese (printed in English)."""
    from wolfdsl.present.callsheet import call_sheet, html, markdown

    with guarded():
        if fmt is not None and fmt not in SHEET_FORMATS:
            raise typer.BadParameter(f"unknown format '{fmt}'; use md or html", param_hint="'--format'")
        fmt, mismatch = _sheet_format(fmt, output)
        options = _sets(set_)
        with user_errors():
            sheet = call_sheet(ruleset, options, lang, players)
        if sheet["untranslated"]:
            missing = sheet["untranslated"]
            typer.echo(f"warning: {len(missing)} text{'s' if len(missing) > 1 else ''} of the sheet "
                       f"{'have' if len(missing) > 1 else 'has'} no Chinese and {'are' if len(missing) > 1 else 'is'} "
                       "printed in English (add the Chinese as the second string):\n"
                       + "\n".join(f"  {m}" for m in missing), err=True)
        from wolfdsl.cli import warn_sets

        warn_sets(ruleset, options)
        _write_or_echo(html(sheet) if fmt == "html" else markdown(sheet), output, ruleset)
        if mismatch is not None:
            typer.echo(mismatch, err=True)


# --------------------------------------------------------------------------------------
# wolfdsl new
# --------------------------------------------------------------------------------------

def new(
    name: Annotated[str, typer.Argument(
        help="The new ruleset: NAME.wolf is written in the current folder, or at that path "
             "(its folder must exist; an existing file only with --force).",
        metavar="NAME", show_default=False)],
    base: Annotated[str, typer.Option(
        "--from", metavar="RULESET", help="The bundled ruleset (or .wolf file) to start from.",
        autocompletion=complete_ruleset)] = "standard-12",
    short: Annotated[bool, typer.Option(
        "--import", help="Write a short file that imports the base instead of a full copy.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Overwrite an existing file; allow a bundled file's name.")] = False,
) -> None:
    """Start a new ruleset: an editable copy of a bundled one (or, with --import, a short
    file importing it), next to you; works from any install.

    A copy of a .wolf file of yours keeps importing the files beside it: its imports are
    rewritten as their paths from the new file's folder; one outside that folder is refused
    unless a file of its name is beside the new file (copy it there first), as an import reads
    only files in and under its own folder. NAME may not be a bundled file's name (roles,
    standard-12), which the new file would hide from the files beside it (--force insists)."""
    from wolfdsl.lang.template import new_ruleset

    with guarded():
        with user_errors():
            from wolfdsl.outfile import not_on_stdout

            not_on_stdout(name, "NAME", "the new ruleset is a file, NAME.wolf, titled NAME: give a name "
                                        "such as my-12")
            try:
                path = new_ruleset(name, base, Path.cwd(), short, force)
            except FileExistsError as err:
                raise typer.BadParameter(f"'{_shown(Path(err.args[0]))}' exists; use --force to overwrite it",
                                         param_hint="'NAME'") from None
        shown = _shown(path)
        typer.echo(f"wrote {shown}" + (" (outside the current folder)" if Path(shown).is_absolute() else ""))
        typer.echo(f"next: wolfdsl show {shown}; wolfdsl run {shown}; wolfdsl lint {shown}")


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when it is inside it, else absolute."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------------------
# wolfdsl narrate
# --------------------------------------------------------------------------------------

def _log_file(value: str) -> str:
    """The LOG of ``narrate`` and ``explain``: a file that exists, or ``-`` (standard
    input; a note on stderr when that is a terminal, which would wait for a paste).
    Checked here, not by typer's ``allow_dash``, which some typer versions apply to the
    ``Path`` they have already made of the value (never equal to ``"-"``)."""
    import sys

    if value != "-" and not Path(value).exists():
        raise typer.BadParameter(f"file '{value}' does not exist.")
    if value != "-" and Path(value).is_dir():
        raise typer.BadParameter(f"file '{value}' is a directory.")
    if value == "-" and getattr(sys.stdin, "isatty", lambda: False)():
        typer.echo("reading the event log from standard input (end it with Ctrl-D; "
                   "or pipe one in: wolfdsl run RULESET --log - | wolfdsl narrate -)", err=True)
    return value


def narrate(
    log: Annotated[str, typer.Argument(
        help="An event log written by --log (JSON Lines); - reads it from standard input.", metavar="LOG",
        show_default=False, callback=_log_file)],
    game: Annotated[Optional[int], typer.Option(
        "--game", "-g", metavar="G", help="Which game of a --games log (default: the first).")] = None,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="LANG", callback=_check_lang, help="en or zh (the ruleset's Chinese names).")] = "en",
    ruleset: Annotated[Optional[str], typer.Option(
        "--ruleset", metavar="RULESET",
        help="The ruleset for display names (default: the one the log names).")] = None,
) -> None:
    """Tell a logged game as `wolfdsl run` does: any game of a Monte Carlo log, in
    English or Chinese."""
    from wolfdsl.cli import _narrate
    from wolfdsl.present.replay import agents_of, read_log, ruleset_of, which_game

    with guarded():
        with user_errors():
            events, games = read_log(log, game)
            rs, said = ruleset_of(events, ruleset, log)
        if said:
            typer.echo(said, err=True)
        note = which_game(log, events, games) if game is None else None
        if note:
            typer.echo(note, err=True)
        _narrate(events, rs, None if said else agents_of(events, rs), lang=lang)


# --------------------------------------------------------------------------------------
# wolfdsl play
# --------------------------------------------------------------------------------------

def play(
    ruleset: Annotated[str, typer.Argument(
        help="A .wolf file or a bundled ruleset name.", metavar="RULESET", show_default=False)],
    seat: Annotated[Optional[List[str]], typer.Option(
        "--seat", metavar="N[=AGENT]",
        help="Your seat (--seat 3); repeat with N=AGENT for other seats: cmd:COMMAND or an agent name.")] = None,
    seed: Annotated[Optional[int], typer.Option(
        metavar="INT", help="Seed of the game (default: a random one, printed).")] = None,
    agents: Annotated[Optional[str], typer.Option(
        metavar="NAME", help="Agent for the other seats (default: table).")] = None,
    players: Annotated[Optional[str], typer.Option(
        metavar="N", callback=player_count, help="Player count, for rulesets that accept a range.")] = None,
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=VALUE", help="Set a ruleset option (repeatable).")] = None,
    log: Annotated[Optional[Path], typer.Option(
        metavar="FILE", dir_okay=False, help="Write the event log as JSON Lines.")] = None,
    timeout: Annotated[Optional[float], typer.Option(
        "--timeout", metavar="SECONDS", help="Seconds a cmd: seat has to answer (default: 10).")] = None,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="LANG", callback=_check_lang,
        help="The language of the narration and the questions: en (default) or zh.")] = "en",
    moderator: Annotated[bool, typer.Option(
        "--moderator",
        help="Moderate a game at a real table: type the cards, then every seat's decisions as the "
             "rules ask them (no bots, unless --seat N=AGENT).")] = False,
    cards: Annotated[Optional[str], typer.Option(
        "--cards", metavar="ROLE,...",
        help="With --moderator: each seat's card, in seat order, separated by commas: a role's id or "
             "name (English or Chinese), ROLE*K for K seats in a row; asked seat by seat when left out.")] = None,
    record: Annotated[Optional[Path], typer.Option(
        "--record", metavar="FILE.yaml", dir_okay=False,
        help="With --moderator: write the game as a scenario file that `wolfdsl run --script` "
             "replays (also when it is stopped early).")] = None,
) -> None:
    """Play one seat of a game yourself: you see only what your seat may know, and answer
    each decision with the number of your choice (? shows what the rules forbid, and why).
    With --moderator, record a game played at a real table: you answer for every seat.

    Exit 0 at the end of the game, 2 on bad input, 130 on Ctrl-C or end of input."""
    from wolfdsl.cli import check_agents, parse_sets, warn_sets
    from wolfdsl.play.agents import DEFAULT_AGENTS
    from wolfdsl.seats.command import play as play_seat

    with guarded(lang):
        options = parse_sets(set_ or [])
        if not moderator:
            for given, name in ((cards, "--cards"), (record, "--record")):
                if given is not None:
                    raise typer.BadParameter("is for a moderated game: add --moderator (you then answer for every "
                                             "seat)", param_hint=f"'{name}'")
        elif agents is not None:
            raise typer.BadParameter("with --moderator every seat is the table's and you answer for it; seat a "
                                     "bot with --seat N=AGENT", param_hint="'--agents'")
        check_agents(agents or DEFAULT_AGENTS)
        warn_sets(ruleset, options)
        with user_errors():
            if moderator:
                from wolfdsl.seats.moderator import moderate

                moderate(ruleset, seat or [], seed, players, options, log, record, cards, timeout, lang)
                return
            play_seat(ruleset, seat or [], seed, agents or DEFAULT_AGENTS, players, options, log, timeout, lang)


# --------------------------------------------------------------------------------------
# wolfdsl explain
# --------------------------------------------------------------------------------------

def explain(
    log: Annotated[str, typer.Argument(
        help="An event log written by --log (JSON Lines); - reads it from standard input.", metavar="LOG",
        show_default=False, callback=_log_file)],
    seat: Annotated[str, typer.Option(
        "--seat", "-s", metavar="N|ROLE",
        help="The seat to explain: its number, or a role id or name that one seat held.")],
    game: Annotated[Optional[int], typer.Option(
        "--game", "-g", metavar="G", help="Which game of a --games log (default: the first).")] = None,
    ruleset: Annotated[Optional[str], typer.Option(
        "--ruleset", metavar="RULESET",
        help="The ruleset for names and rule comments (default: the one the log names).")] = None,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="LANG", callback=_check_lang, help="en or zh (the ruleset's Chinese names).")] = "en",
) -> None:
    """Why seat N died or survived: who targeted it, the statuses it had and what set
    them, the rule that killed it (or spared it) with that rule's comment and rule IDs,
    the deaths it set off, and the win rule that ended the game; in English or Chinese."""
    from wolfdsl.present.explain import explain as explain_seat, seat_of
    from wolfdsl.present.replay import read_log, ruleset_of, which_game
    from wolfdsl.present.words import EXPLANATION

    with guarded(lang):
        with user_errors():
            events, games = read_log(log, game)
            rs, said = ruleset_of(events, ruleset, log)
            if said:
                typer.echo(said, err=True)
            number, held = seat_of(events, rs, seat, lang)
            lines = explain_seat(events, rs, number, lang)
        note = which_game(log, events, games) if game is None else None
        if note:
            typer.echo(note, err=True)
        if held:
            typer.echo(EXPLANATION[lang]["note"].format(held), err=True)
        typer.echo("\n".join(lines))
