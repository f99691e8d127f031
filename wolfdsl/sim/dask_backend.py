"""Monte Carlo games on a Dask cluster: ``--backend dask [--scheduler ADDRESS]``.

The same games as the local ``--jobs`` pool (:mod:`wolfdsl.sim.montecarlo`), played by
the workers of a Dask cluster: the run is cut into the same chunks of game indices, game
``i`` is played with ``game_seed(seed, i)`` exactly as locally, and the chunks' outcomes
are consumed strictly in game order as they come back, so the summary (and a ``--log``
file) is byte-identical to the local backend's; only ``timing`` differs. At most three
chunks per worker are in flight, so the client's memory stays flat however many games
are asked for.

The ruleset travels as text: a :class:`Shipment` holds the ``.wolf`` file and the files
beside it that it imports (a bundled ruleset travels by name), and each worker writes
them to a folder of its own once and compiles them there. Workers must run the same
wolfdsl as the client: the shipment carries a digest of wolfdsl's code, grammar and
bundled rulesets (:func:`code_digest`), and a worker with other code refuses the chunk
with an error that says so.

Without ``--scheduler`` a :class:`distributed.LocalCluster` of ``--jobs`` worker
processes is started for the run and stopped after it. Needs ``pip install
'wolfdsl[dask]'``; without Dask, or with a scheduler that cannot be reached, the run
stops with a :class:`~wolfdsl.diagnostics.WolfError` (exit 2) that says what to do.
See docs/cluster.md.
"""
from __future__ import annotations

import functools
import hashlib
import os
import tempfile
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from ..dataclasscode import dataclass
from ..diagnostics import WolfError

BACKENDS = ("local", "dask")
"""The values of ``--backend``."""
INSTALL = "pip install 'wolfdsl[dask]'"
IN_FLIGHT = 3
"""Chunks in flight per worker thread: enough to keep every worker busy while the
client reads results in order, few enough to bound memory when logs are kept."""


@dataclass(frozen=True, slots=True)
class Shipment:
    """A ruleset as the workers receive it: ``ref`` a bundled name (and ``files`` empty),
    or the name of the main ``.wolf`` file inside ``files`` (relative path -> text: the
    file and every non-bundled file it imports, relative to the main file's folder);
    ``code`` the client's :func:`code_digest`; ``version`` its wolfdsl version."""
    ref: str
    files: tuple[tuple[str, str], ...]
    code: str
    version: str

    @property
    def digest(self) -> str:
        """Names the ruleset's text: the folder a worker writes it to."""
        h = hashlib.sha256(self.ref.encode())
        for rel, text in self.files:
            h.update(b"\0" + rel.encode() + b"\0" + text.encode())
        return h.hexdigest()[:20]


def ship(ref: str) -> Shipment:
    """The :class:`Shipment` of a ruleset reference (a bundled name or a ``.wolf`` path);
    raises :class:`WolfError` for an unknown one, as :func:`wolfdsl.lang.load.load` does."""
    from wolfdsl import __version__
    from wolfdsl.lang.load import input_files, resolve, rulesets_dir

    path, _ = resolve(ref)
    base = rulesets_dir().resolve()
    main = path.resolve()
    if main.is_relative_to(base):  # bundled: every worker has it (same code, checked)
        return Shipment(main.relative_to(base).with_suffix("").as_posix(), (), code_digest(), __version__)
    folder = main.parent
    files: dict[str, str] = {}
    for p in input_files(ref):
        rp = p.resolve()
        if rp.is_relative_to(base) or rp.as_posix() in files:
            continue
        try:
            rel = rp.relative_to(folder).as_posix()
        except ValueError:  # load() refuses such an import anyway
            raise WolfError(f"cannot ship {p} to the workers: it is outside {folder}") from None
        files[rel] = rp.read_text(encoding="utf-8-sig")
    return Shipment(main.name, tuple(sorted(files.items())), code_digest(), __version__)


@functools.lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of the wolfdsl this process runs: its Python code, grammar and bundled
    rulesets (what decides a game's course), 16 hex digits."""
    from wolfdsl.lang.load import rulesets_dir
    from wolfdsl.lang.parse import grammar_path

    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for root, pattern in ((package, "*.py"), (rulesets_dir(), "*.wolf"), (grammar_path().parent, "*.lark")):
        for p in sorted(root.rglob(pattern)):
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


# ------------------------------------------------------------------ on a worker

_LOADED: dict[tuple, Any] = {}
"""(shipment digest, options, players) -> the compiled ruleset, per worker process."""


def _ruleset(shipment: Shipment, options: dict | None, players: int | None) -> Any:
    from wolfdsl import __version__
    from wolfdsl.lang.load import load

    key = (shipment.digest, tuple(sorted((options or {}).items())), players)
    rs = _LOADED.get(key)
    if rs is not None:
        return rs
    if shipment.code != code_digest():
        raise WolfError(f"this Dask worker runs other wolfdsl code ({__version__}, code {code_digest()}) than "
                        f"the client ({shipment.version}, code {shipment.code}): install the same wolfdsl on "
                        "every worker (docs/cluster.md)")
    ref = shipment.ref
    if shipment.files:
        folder = Path(tempfile.gettempdir()) / f"wolfdsl-dask-{os.getuid() if hasattr(os, 'getuid') else 0}" \
            / shipment.digest
        for rel, text in shipment.files:
            target = folder / rel
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                target.parent.mkdir(parents=True, exist_ok=True)
                tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
                tmp.write_text(text, encoding="utf-8", newline="")
                os.replace(tmp, target)
        ref = str(folder / shipment.ref)
    rs = _LOADED[key] = load(ref, options, players)
    return rs


def play_chunk(shipment: Shipment, options: dict | None, players: int | None, agents: str,
               keep_log: bool, seed: int, start: int, stop: int) -> list:
    """Games ``start`` to ``stop - 1`` of the run, on a worker: their
    :class:`~wolfdsl.sim.montecarlo.Outcome` list, as the local pool's chunks."""
    from wolfdsl.sim.montecarlo import play_range

    return play_range(_ruleset(shipment, options, players), seed, start, stop, agents, players, keep_log)


# ------------------------------------------------------------------ on the client

class DaskPool:
    """The Monte Carlo pool of a Dask cluster: :meth:`outcomes` is the local pool's
    ``_parallel`` (same arguments, same outcomes in the same order). ``client`` is a
    :class:`distributed.Client` (or anything with its ``submit`` and ``cancel``)."""

    def __init__(self, client: Any, workers: int) -> None:
        self.client = client
        self.workers = max(1, workers)
        """Worker threads of the cluster when the pool was opened: the summary's ``jobs``."""

    def outcomes(self, ruleset_ref: str, games: int, seed: int, agents: str, options: dict | None,
                 players: int | None, keep_log: bool, started: Callable[[], None]) -> Iterator:
        """Every game's outcome in game order, as the chunks come back."""
        from wolfdsl.sim.montecarlo import _chunks

        shipment = ship(ruleset_ref)
        chunks = deque(_chunks(games, self.workers))
        window = self.workers * IN_FLIGHT
        pending: deque = deque()

        def submit(start: int, stop: int) -> None:
            pending.append(self.client.submit(play_chunk, shipment, options, players, agents, keep_log, seed,
                                              start, stop, pure=False))
        try:
            while chunks and len(pending) < window:
                submit(*chunks.popleft())
            started()
            while pending:
                outcomes = pending.popleft().result()
                if chunks:
                    submit(*chunks.popleft())
                yield from outcomes
        finally:
            if pending:  # an error, ^C, or --until-ci reached: drop the chunks in flight
                self.client.cancel(list(pending))


def backend_pool(backend: str, scheduler: str | None, jobs: int) -> Any:
    """A context manager giving the pool of ``--backend``: ``None`` for ``local`` (the
    ``--jobs`` process pool of :mod:`wolfdsl.sim.montecarlo`), a :class:`DaskPool` for
    ``dask`` — on the scheduler at ``scheduler``, or on a local cluster of ``jobs``
    worker processes started for the run. Raises :class:`WolfError` for an unknown
    backend, a ``scheduler`` without ``dask``, a missing Dask or an unreachable scheduler."""
    if backend not in BACKENDS:
        raise WolfError(f"--backend: unknown backend '{backend}'; use {' or '.join(BACKENDS)}")
    if backend == "local":
        if scheduler is not None:
            raise WolfError("--scheduler is for --backend dask: add --backend dask, or leave --scheduler out")
        return _no_pool()
    return _dask_pool(scheduler, jobs)


@contextmanager
def _no_pool() -> Iterator[None]:
    yield None


@contextmanager
def _dask_pool(scheduler: str | None, jobs: int) -> Iterator[DaskPool]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise WolfError(f"--backend dask needs Dask, which is not installed: {INSTALL}") from None
    cluster = None
    if scheduler is None:
        import logging

        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler)
        except (OSError, TimeoutError, ValueError) as err:
            raise WolfError(f"--scheduler: cannot reach the Dask scheduler at {scheduler} ({_reason(err)}); "
                            "start one with `dask scheduler` and give the address it prints "
                            "(tcp://HOST:8786), or leave --scheduler out for a local cluster") from None
    try:
        threads = sum(client.nthreads().values())
        if threads == 0:
            raise WolfError(f"the Dask scheduler at {scheduler} has no workers: start some with "
                            f"`dask worker {scheduler}`")
        yield DaskPool(client, threads)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _reason(err: BaseException) -> str:
    """The first line of an error, without Dask's exception class names."""
    text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    return text.rstrip(".:")
