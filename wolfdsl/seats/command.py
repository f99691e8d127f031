"""``wolfdsl play RULESET --seat 3``: a game with a person at a seat, in the terminal;
and the ``--seat`` options of ``wolfdsl run``.

The person sees only what the seat may know (:mod:`wolfdsl.seats.human`); the other
seats are played by ``--agents`` (default: the table agent) or their own ``--seat``
players. The seed is printed first, so the same game can be dealt again
(``--seed S``: the same deal, the same bots; the same answers give the same game).
When the game ends every card is shown.
"""
from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from typing import Optional

import typer

from ..diagnostics import WolfError, did_you_mean
from .spec import COMMAND, HUMAN, compose, humans, parse_seat, seat_numbers



def cards_line(events: list[dict], t, words: dict) -> str:
    """``The cards were: 1号 Guard, …, 8号 Thief → Werewolf, …``: each seat's card as
    dealt, and the card it ended with when it changed (the thief's, New Moon's)."""
    from ..present.narrate import seat_label

    start = next(e for e in events if e["type"] == "game_start")
    now = {s["seat"]: s["role"] for s in start["seats"]}
    for e in events:
        if e["type"] in ("role_change", "revive") and e.get("seat") in now:
            now[e["seat"]] = e["role"]
    return words["cards"].format(cards=words["sep"].join(
        f"{seat_label(s['seat'])}{words['gap']}{t.role_name(s['role'])}"
        + (f" → {t.role_name(now[s['seat']])}" if now[s["seat"]] != s["role"] else "") for s in start["seats"]))

def seat_spec(agents: str, seats: list[str], timeout: Optional[float], games: Optional[int] = None) -> str:
    """The agents spec of ``--agents AGENTS --seat ...`` (:func:`wolfdsl.seats.spec.compose`).

    Raises ``typer.BadParameter`` (exit 2) for a malformed seat, a ``cmd:`` program that
    cannot be found, or a human seat in a Monte Carlo run (``games``), and names ``--timeout``
    for a time limit that is not above 0."""
    if timeout is not None and not timeout > 0:
        raise typer.BadParameter(f"must be more than 0 seconds, got {timeout:g}", param_hint="'--timeout'")
    try:
        for text in seats:
            _, spec = parse_seat(text)
            if spec.startswith(COMMAND):
                _check_program(spec[len(COMMAND):].strip(), text)
            elif spec != HUMAN:
                _check_agent(spec, text)
        spec = compose(agents, seats, timeout)
    except WolfError as err:  # click says "Error: Invalid value": no second "error:"
        raise typer.BadParameter(str(err).removeprefix("error: "), param_hint="'--seat'") from None
    if games is not None and humans(spec):
        raise typer.BadParameter(f"a human seat plays one game; leave out --games {games} "
                                 "(or play it with `wolfdsl play`)", param_hint="'--seat'")
    return spec


def _check_agent(spec: str, text: str) -> None:
    """A seat's agent spec must name an agent; else what a seat may be."""
    from ..play.agents import AGENTS

    name = spec.partition(":")[0].strip()
    if name not in AGENTS:
        raise WolfError(f"--seat '{text}': unknown player '{name}'{did_you_mean(name, [HUMAN, *AGENTS])}; a seat "
                        f"may be {HUMAN}, cmd:PROGRAM or an agent: {', '.join(sorted(AGENTS))}")
    from ..agents.registry import build

    try:
        build(spec, 0)
    except WolfError as err:
        raise WolfError(f"--seat '{text}': " + "; ".join(d.message for d in err.diagnostics)) from None


def _check_program(command: str, text: str) -> None:
    try:
        argv = shlex.split(command)
    except ValueError as err:
        raise WolfError(f"--seat '{text}': cannot split the command: {err}") from None
    if not argv or (shutil.which(argv[0]) is None and not Path(argv[0]).is_file()):
        raise WolfError(f"--seat '{text}': no program '{argv[0] if argv else ''}' found "
                        "(give a path, or a program on PATH, such as python)")


def play(ruleset_ref: str, seats: list[str], seed: Optional[int], agents: str, players: Optional[int],
         options: dict, log: Optional[Path], timeout: Optional[float], lang: str = "en") -> None:
    """Play one game with one human seat, narrated to that seat in ``lang`` (``en``,
    ``zh``: the narration, the ruleset's questions and names); print the cards at the end;
    write the event log to ``log`` — the game so far when it is interrupted (^C, the end of
    the input), saying so on stderr, before the interruption goes on up. Raises ``typer.BadParameter`` / :class:`WolfError`."""
    from ..lang.load import input_files, load
    from ..outfile import not_on_stdout, refuse_inputs, write_text
    from ..play import game_log
    from ..play.game import Game, make_agent
    from ..play.seeding import agent_seed, game_seed
    from ..present.narrate import teller
    from .human import WORDS, HumanAgent

    if not seats:
        raise typer.BadParameter("say which seat you play, for example --seat 3", param_hint="'--seat'")
    spec = seat_spec(agents, seats, timeout)
    inputs = input_files(ruleset_ref)
    if log is not None:  # before the game, not after an hour of play
        not_on_stdout(log, "--log", "the game is played on standard output; give the log a file name, "
                                    "such as --log game.jsonl")
        refuse_inputs(log, "--log", inputs)
    people = humans(spec)
    if len(people) != 1:
        raise typer.BadParameter(f"one human seat a terminal, got {len(people)}"
                                 + ("" if people else ": write --seat 3 or --seat 3=human"),
                                 param_hint="'--seat'")
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    ruleset = load(ruleset_ref, options or None, players)
    words = WORDS["zh" if lang == "zh" else "en"]
    from .router import check_seats  # before the seed line, as the other --seat errors

    check_seats(seat_numbers(spec), players if players is not None else ruleset.default_players, ruleset_ref)
    typer.echo(words["seed"].format(seed=seed))
    # play_game(ruleset, seed, 0, spec, players), with the human seat told in ``lang``
    agent = make_agent(spec, agent_seed(game_seed(seed, 0)), ruleset)
    for player in getattr(agent, "players", {}).values():
        if isinstance(player, HumanAgent):
            player.lang = lang
    g = Game(ruleset, game_seed(seed, 0), agent, game=0, players=players, record=True)  # as play_one
    try:
        result = g.run()
    except KeyboardInterrupt:  # ^C, SIGTERM or the end of input: keep what was played
        if log is not None and g.events:
            write_text(log, game_log(g.events), "--log", inputs)
            last = g.events[-1]
            typer.echo(words["so_far"].format(log=log, n=len(g.events),
                                              when=words[last["phase"]].format(n=last["day"])), err=True)
        raise
    finally:
        g.release()
    typer.echo(cards_line(result.events, teller(ruleset, lang), words))
    if log is not None:
        write_text(log, game_log(result.events), "--log", inputs)
