"""Seats for people and programs (issue 13).

- :mod:`.spec`: ``--seat N=SPEC`` values, and the agents spec that carries them to every
  game of a run (``table, seat 3=human, seat 5=cmd:python bot.py``);
- :mod:`.router`: the agent that gives each seat its own player and replaces one that
  fails with the default agent;
- :mod:`.protocol`: a program at a seat, one JSON object a line over its stdin/stdout;
- :mod:`.human`: a person at a seat, in the terminal;
- :mod:`.command`: ``wolfdsl play``;
- :mod:`.moderator`: ``wolfdsl play --moderator``, a real table's game entered by its
  moderator, who answers for every seat; :mod:`.record`: that game written as a scenario
  file (``--record``).
"""
