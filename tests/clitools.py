"""Helpers shared by the command-line tests."""
import re

from typer.testing import CliRunner

from wolfdsl.cli import app

runner = CliRunner()


def invoke(*args):
    """Run ``wolfdsl ARGS...`` in-process; stdout and stderr kept apart."""
    return runner.invoke(app, [str(a) for a in args])


def flat(text):
    """Text without rich's box drawing and line wrapping, for matching messages."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def run_by_jobs(tmp_path, *args, jobs=(1, 2)):
    """``wolfdsl run ARGS --jobs J --log FILE`` for each J: (stdouts, stderrs, log bytes)."""
    outs, errs, logs = [], [], []
    for j in jobs:
        log = tmp_path / f"jobs{j}.jsonl"
        r = invoke("run", *args, "--jobs", j, "--log", log)
        assert r.exit_code == 0, r.output
        outs.append(r.stdout)
        errs.append(r.stderr)
        logs.append(log.read_bytes())
    return outs, errs, logs
