"""Playing one game: the engine, agents, results, the event log and seeds.

- :func:`play` / :class:`Game` (``game.py``): one game of a compiled ruleset, built from
  :mod:`.table` (state), :mod:`.deal` (the deal and its :class:`~.deal.Problem` values),
  :mod:`.referee` (decisions and ballots), :mod:`.deaths` and :mod:`.hooks` (observers);
  :class:`wolfdsl.lang.ir.Runtime` lists what the compiled closures use of a game.
- :func:`play_game`: game ``i`` of a seeded run with a named agent; :func:`game_log` its
  log as JSON Lines; :func:`options_in_force` the options a run set,
  :func:`every_option` all it played with.
"""
from .eventlog import game_log
from .game import Game, GameOver, StopRun, every_option, make_agent, options_in_force, play, play_game

__all__ = ["Game", "GameOver", "StopRun", "every_option", "game_log", "make_agent", "options_in_force", "play",
           "play_game"]
