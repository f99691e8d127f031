"""A folder of scenario files run as a test suite (``wolfdsl test``).

``find_scenarios(paths)`` lists the files to run: every file given, and under each
folder every ``.yaml``/``.yml`` file whose top level has an ``expect:`` block (hidden
folders and virtual environments are skipped; so are scenarios without ``expect:``, which
the summary names). ``run_suite(files, jobs)`` plays them,
in worker processes when ``jobs > 1``, and yields one :class:`CaseResult` per file in
the order found; ``junit_xml(results)`` writes them as JUnit XML for CI.
"""
from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator
from xml.etree import ElementTree as ET

SKIPPED_DIRS = {"node_modules", "__pycache__", "venv", "site-packages"}
"""Folders never searched for scenarios (besides hidden ones such as ``.git`` or ``.venv``)."""


@dataclass(frozen=True)
class CaseResult:
    """One scenario file's outcome: ``passed``, ``failed`` (its ``expect:`` block does
    not hold; ``report`` is the diff) or ``error`` (bad input; ``report`` is the
    diagnostic, as ``run --script`` prints it)."""
    path: str
    status: str
    report: str
    seconds: float

    @property
    def ok(self) -> bool:
        return self.status == "passed"


def _kind(path: Path) -> str:
    """What a YAML file found in a folder is: ``run`` (a scenario with ``expect:``, or a
    broken file, reported rather than skipped), ``skip`` (a scenario without ``expect:``: a
    mapping with a scenario's keys, such as ``ruleset:`` or ``decisions:``) or ``other``
    (any other YAML, such as a tool's configuration)."""
    import yaml

    from ..schemas import load_schema

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return "run"
    if not isinstance(data, dict):
        return "other"
    if "expect" in data:
        return "run"
    return "skip" if set(map(str, data)) & set(load_schema("scenario")["properties"]) else "other"



def find_scenarios(paths: Iterable[str], skipped: list[Path] | None = None) -> list[Path]:
    """The scenario files to run, each once, in the order given (a folder's files
    sorted by path). A scenario of a folder without ``expect:`` is not run; it is added
    to ``skipped`` when that list is given (other YAML files are left out silently). Raises ``FileNotFoundError`` for a path that
    does not exist."""
    found: list[Path] = []
    for given in paths:
        p = Path(given)
        if p.is_file():
            found.append(p)
        elif p.is_dir():
            for f in sorted(_walk(p)):
                kind = _kind(f)
                if kind == "run":
                    found.append(f)
                elif kind == "skip" and skipped is not None and f not in skipped:
                    skipped.append(f)
        else:
            raise FileNotFoundError(given)
    seen: set[Path] = set()
    unique = []
    for f in found:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    if skipped is not None:  # a file named on the command line runs: it is not skipped
        skipped[:] = [f for f in skipped if f.resolve() not in seen]
    return unique


def _walk(folder: Path) -> Iterator[Path]:
    for entry in folder.iterdir():
        if entry.is_dir():
            if not entry.name.startswith(".") and entry.name not in SKIPPED_DIRS:
                yield from _walk(entry)
        elif entry.suffix in (".yaml", ".yml"):
            yield entry


def run_case(path: str | Path) -> CaseResult:
    """Play one scenario file and check its ``expect:`` block."""
    from ..diagnostics import WolfError
    from .run import run_scenario

    start = time.perf_counter()
    try:
        outcome = run_scenario(str(path))
    except WolfError as err:
        return CaseResult(str(path), "error", err.render(), time.perf_counter() - start)
    status = "passed" if outcome.ok else "failed"
    return CaseResult(str(path), status, "" if outcome.ok else outcome.report,
                      time.perf_counter() - start)


def run_suite(files: list[Path], jobs: int = 1) -> Iterator[CaseResult]:
    """Each file's result, in the order of ``files``, as soon as it (and the ones before
    it) are done; ``jobs`` worker processes when more than one."""
    if jobs <= 1 or len(files) <= 1:
        for f in files:
            yield run_case(f)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
        yield from pool.map(run_case, files)


def summary(results: list[CaseResult], skipped: Iterable[Path | str] = ()) -> str:
    """``19 passed, 1 failed``, with pytest's ``1 error`` (``2 errors``) after it when a
    scenario could not be played (bad input: the ``error`` of :class:`CaseResult`, as
    ``--junit`` counts it apart from the failures): ``2 passed, 1 failed, 1 error``;
    then the YAML files of the folders searched that were not run for having no
    ``expect:`` block:
    ``19 passed, 1 failed, 2 skipped (no expect:): a.yaml, b.yaml``; past
    :data:`LISTED` files, how many in each folder:
    ``68 skipped (no expect:): 60 in tests/forbidden, 8 in tests/notes``."""
    passed = sum(r.ok for r in results)
    failed = sum(r.status == "failed" for r in results)
    errors = len(results) - passed - failed
    text = f"{passed} passed, {failed} failed"
    if errors:
        text += f", {errors} error{'' if errors == 1 else 's'}"
    skipped = [Path(s) for s in skipped]
    if len(skipped) > LISTED:
        folders = Counter(str(s.parent) for s in skipped)
        text += f", {len(skipped)} skipped (no expect:): " + ", ".join(f"{n} in {d}" for d, n in folders.items())
    elif skipped:
        text += f", {len(skipped)} skipped (no expect:): {', '.join(map(str, skipped))}"
    return text


LISTED = 5
"""Skipped files named one by one in :func:`summary`; past that, counted by folder."""


def junit_xml(results: list[CaseResult], name: str = "wolfdsl", skipped: Iterable[Path | str] = ()) -> str:
    """The results as a JUnit XML report (one ``testcase`` per file; one with
    ``<skipped/>`` per file of ``skipped``, a scenario with no ``expect:``)."""
    skipped = [Path(s) for s in skipped]
    suite = ET.Element("testsuite", name=name, tests=str(len(results) + len(skipped)),
                       failures=str(sum(r.status == "failed" for r in results)),
                       errors=str(sum(r.status == "error" for r in results)),
                       skipped=str(len(skipped)),
                       time=f"{sum(r.seconds for r in results):.3f}")
    for p in skipped:
        case = ET.SubElement(suite, "testcase", classname=str(p.parent).replace("\\", "/"), name=p.name,
                             file=str(p), time="0.000")
        ET.SubElement(case, "skipped", message="no expect: block: the scenario checks nothing")
    for r in results:
        p = Path(r.path)
        case = ET.SubElement(suite, "testcase", classname=str(p.parent).replace("\\", "/"),
                             name=p.name, file=r.path, time=f"{r.seconds:.3f}")
        if r.status != "passed":
            first = r.report.splitlines()[0] if r.report else r.status
            tag = "failure" if r.status == "failed" else "error"
            ET.SubElement(case, tag, message=first).text = r.report
    ET.indent(suite)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"
