"""The Dask backend (issue 10 part 6): the same games, chunks and seeds as the local pool,
so the same summary; the ruleset shipped as text; clear errors without Dask or without a
scheduler. The fast tests drive :class:`DaskPool` with a client that plays each chunk
in this process; the slow one starts a local cluster of two worker processes."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.sim import dask_backend as db
from wolfdsl.sim.montecarlo import _chunks, simulate

ROOT = Path(__file__).resolve().parents[1]


class _Done:
    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


class _InProcess:
    """A Dask client stand-in: ``submit`` plays the chunk here and now (pickling the
    arguments as Dask does), recording what was asked."""

    def __init__(self):
        self.chunks: list[tuple[int, int]] = []
        self.cancelled = 0

    def submit(self, fn, *args, pure=True):
        import pickle

        assert fn is db.play_chunk and pure is False
        args = pickle.loads(pickle.dumps(args))
        self.chunks.append(args[-2:])
        return _Done(fn(*args))

    def cancel(self, futures):
        self.cancelled += len(futures)


def _same(a, b) -> dict:
    """Two summaries as dicts, timing aside (it must differ only there)."""
    da, dbb = a.to_dict(), b.to_dict()
    da.pop("timing"), dbb.pop("timing")
    assert da == dbb
    return da


def _project(tmp_path: Path) -> Path:
    """A ruleset of the user's: a file that imports one in a subfolder, which imports a bundled one."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "base.wolf").write_text('import "standard-12"\noption colour: red | tan = red "a test"\n',
                                                encoding="utf-8")
    top = tmp_path / "game.wolf"
    top.write_text('import "lib/base"\n', encoding="utf-8")
    return top


def test_chunks_seeds_and_order_are_the_local_ones():
    client = _InProcess()
    pool = db.DaskPool(client, workers=3)
    log_d, log_l = io.StringIO(), io.StringIO()
    dask = simulate("standard-12", 45, 11, agents="random", progress=False, pool=pool, log=log_d)
    local = simulate("standard-12", 45, 11, agents="random", progress=False, log=log_l)
    summary = _same(dask, local)
    assert summary["games"] == 45 and dask.jobs == 3
    assert client.chunks == _chunks(45, 3) == [(a, min(a + 2, 45)) for a in range(0, 45, 2)]
    assert log_d.getvalue() == log_l.getvalue() and log_d.getvalue().count('"type":"game_start"') == 45
    assert client.cancelled == 0


def test_until_ci_stops_at_the_local_checkpoint_and_drops_the_chunks_in_flight():
    client = _InProcess()
    dask = simulate("standard-12", 400, 2, agents="random", progress=False, until_ci=0.3,
                    pool=db.DaskPool(client, workers=2))
    local = simulate("standard-12", 400, 2, agents="random", progress=False, until_ci=0.3)
    assert _same(dask, local)["games"] == 100
    assert client.cancelled > 0 and len(client.chunks) < len(_chunks(400, 2))


def test_a_users_ruleset_travels_as_text(tmp_path):
    top = _project(tmp_path)
    shipment = db.ship(str(top))
    assert shipment.ref == "game.wolf" and [rel for rel, _ in shipment.files] == ["game.wolf", "lib/base.wolf"]
    assert shipment.files[1][1].startswith('import "standard-12"')
    assert db.ship("standard-12").files == () and db.ship("standard-12").ref == "standard-12"
    # a worker compiles it in a folder of its own, and plays the games the client would
    db._LOADED.clear()
    rs = db._ruleset(shipment, {"colour": "tan"}, None)
    assert "wolfdsl-dask" in str(rs.path) and rs.options["colour"].value == "tan"
    local = simulate(str(top), 30, 4, agents="random", progress=False, options={"colour": "tan"})
    dask = simulate(str(top), 30, 4, agents="random", progress=False, options={"colour": "tan"},
                    pool=db.DaskPool(_InProcess(), workers=2))
    assert _same(dask, local)["ruleset"] == "game"


def test_a_worker_with_other_code_refuses(monkeypatch):
    shipment = db.Shipment("standard-12", (), "0" * 16, "0.0.9")
    db._LOADED.clear()
    with pytest.raises(WolfError, match=r"runs other wolfdsl code .* than the client \(0\.0\.9, code 0000"):
        db.play_chunk(shipment, None, None, "random", False, 1, 0, 2)


def test_bad_backends_and_missing_dask(monkeypatch):
    with pytest.raises(WolfError, match="unknown backend 'spark'"):
        db.backend_pool("spark", None, 1)
    with pytest.raises(WolfError, match="--scheduler is for --backend dask"):
        db.backend_pool("local", "tcp://h:8786", 1)
    with db.backend_pool("local", None, 2) as pool:
        assert pool is None
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if Dask were not installed
    with pytest.raises(WolfError, match=r"needs Dask, which is not installed: pip install 'wolfdsl\[dask\]'"):
        with db.backend_pool("dask", None, 2):
            pass


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wolfdsl", *args], capture_output=True, text=True,
                          timeout=240, cwd=ROOT, env={**os.environ, **(env or {})})


def test_cli_errors_for_the_backend_options():
    for args, message in [(("--backend", "dask"), "Invalid value for '--backend': plays many games"),
                          (("--backend", "local", "--scheduler", "tcp://h:1", "-n", "3"),
                           "Invalid value for '--scheduler': is for --backend dask")]:
        done = _cli("run", "standard-12", *args)
        assert done.returncode == 2 and message in done.stderr, done.stderr


def test_an_unreachable_scheduler_is_an_error_not_a_traceback():
    pytest.importorskip("distributed")
    done = _cli("run", "standard-12", "-n", "5", "--scheduler", "tcp://127.0.0.1:9",
                env={"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: --scheduler: cannot reach the Dask scheduler at tcp://127.0.0.1:9 (")
    assert "start one with `dask scheduler`" in done.stderr


@pytest.mark.slow
def test_a_local_cluster_of_two_workers_gives_the_local_summary(tmp_path):
    pytest.importorskip("distributed")
    top = _project(tmp_path)
    runs = {}
    for backend in ("local", "dask"):
        done = _cli("run", str(top), "--games", "120", "--seed", "9", "--agents", "random", "--json",
                    "--jobs", "2", "--backend", backend)
        assert done.returncode == 0, done.stderr
        runs[backend] = json.loads(done.stdout)
        assert runs[backend].pop("timing")["jobs"] == 2
    assert runs["dask"] == runs["local"] and runs["dask"]["games"] == 120
    done = _cli("compare", "standard-12", "standard-12-idiot", "-n", "60", "--seed", "3", "--agents", "random",
                "--json", "--backend", "dask", "--jobs", "2")
    local = _cli("compare", "standard-12", "standard-12-idiot", "-n", "60", "--seed", "3", "--agents", "random",
                 "--json")
    assert done.returncode == local.returncode == 0, done.stderr
    a, b = json.loads(done.stdout), json.loads(local.stdout)
    for side in ("a", "b"):
        a[side].pop("timing"), b[side].pop("timing")
    assert a == b
