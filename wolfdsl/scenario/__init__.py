"""Scenario files (contract section 2): a fixed seating, scripted decisions and the
expected outcome, played by the :class:`ScriptedAgent`.

- :func:`load_scenario` reads and validates a file (``load.py``, YAML positions in
  ``yamlspans.py``);
- :func:`ruleset_problems` checks it against the loaded ruleset (``check.py``);
- :class:`ScriptedAgent` answers the engine's requests from it (``agent.py``);
- :func:`run_scenario` plays it and checks ``expect:`` (``run.py``).
"""
from .agent import ScriptedAgent, describe_request, suggest_decision
from .check import ruleset_problems
from .load import Decision, Expect, ExpectedDeath, Scenario, load_scenario, parse_at, to_answer
from .run import ScenarioOutcome, check_expect, run_scenario

__all__ = [
    "Decision", "Expect", "ExpectedDeath", "Scenario", "ScenarioOutcome", "ScriptedAgent",
    "check_expect", "describe_request", "load_scenario", "parse_at", "ruleset_problems", "run_scenario",
    "suggest_decision", "to_answer",
]
