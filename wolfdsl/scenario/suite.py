"""A folder of scenario files run as a test suite (``wolfdsl test``).

``find_scenarios(paths)`` lists the files to run: every file given, and under each
folder every ``.yaml``/``.yml`` file that is a scenario (hidden folders and virtual
environments are left out). A folder's scenario without an ``expect:`` block (a draft) is
played too, so that one that cannot be played is an error as it is when named; one that
plays is counted skipped, and the summary names it. ``run_suite(files, jobs, drafts)``
plays them, in worker processes when ``jobs > 1``, and yields one :class:`CaseResult` per
file in the order found; ``junit_xml(results)`` writes them as JUnit XML for CI.
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
    not hold; ``report`` is the diff), ``error`` (bad input; ``report`` is the
    diagnostic, as ``run --script`` prints it) or ``skipped`` (a folder's scenario without
    ``expect:`` that plays without error; ``report`` is empty)."""
    path: str
    status: str
    report: str
    seconds: float

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "skipped")


def _kind(path: Path) -> str:
    """What a YAML file found in a folder is: ``run`` (a scenario with ``expect:``, or a
    file that is no valid YAML, reported rather than skipped), ``draft`` (a scenario without
    ``expect:``: a mapping with a key only a scenario has, :data:`~wolfdsl.filekind.SCENARIO_KEYS`,
    such as ``ruleset:`` or ``decisions:``) or ``other`` (any other YAML, such as a tool's
    configuration)."""
    import yaml

    from ..filekind import SCENARIO_KEYS

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return "run"
    if not isinstance(data, dict):
        return "other"
    if "expect" in data:
        return "run"
    return "draft" if set(map(str, data)) & set(SCENARIO_KEYS) else "other"


def find_scenarios(paths: Iterable[str], drafts: list[Path] | None = None) -> list[Path]:
    """The scenario files to run, each once, in the order given (a folder's files
    sorted by path). A folder's scenario without ``expect:`` is in it too, and added to
    ``drafts`` when that list is given (:func:`run_suite` then counts it skipped when it
    plays, an error when it does not); without the list it is left out. Other YAML files
    are left out silently. A file named on the command line is never a draft. Raises
    ``FileNotFoundError`` for a path that does not exist."""
    found: list[Path] = []
    named: set[Path] = set()
    for given in paths:
        p = Path(given)
        if p.is_file():
            found.append(p)
            named.add(p.resolve())
        elif p.is_dir():
            for f in sorted(_walk(p)):
                kind = _kind(f)
                if kind == "run" or (kind == "draft" and drafts is not None):
                    found.append(f)
                if kind == "draft" and drafts is not None and f not in drafts:
                    drafts.append(f)
        else:
            raise FileNotFoundError(given)
    seen: set[Path] = set()
    unique = []
    for f in found:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    if drafts is not None:  # a file named on the command line runs: it is not a draft
        drafts[:] = [f for f in drafts if f.resolve() not in named]
    return unique


def _walk(folder: Path) -> Iterator[Path]:
    for entry in folder.iterdir():
        if entry.is_dir():
            if not entry.name.startswith(".") and entry.name not in SKIPPED_DIRS:
                yield from _walk(entry)
        elif entry.suffix in (".yaml", ".yml"):
            yield entry


def run_case(path: str | Path, draft: bool = False) -> CaseResult:
    """Play one scenario file and check its ``expect:`` block; a ``draft`` (a folder's
    scenario without ``expect:``) that plays without error is ``skipped``."""
    from ..diagnostics import WolfError
    from .run import run_scenario

    start = time.perf_counter()
    try:
        outcome = run_scenario(str(path))
    except WolfError as err:
        return CaseResult(str(path), "error", err.render(), time.perf_counter() - start)
    status = "skipped" if draft and outcome.ok else "passed" if outcome.ok else "failed"
    return CaseResult(str(path), status, "" if outcome.ok else outcome.report,
                      time.perf_counter() - start)


def run_suite(files: list[Path], jobs: int = 1, drafts: Iterable[Path] = ()) -> Iterator[CaseResult]:
    """Each file's result, in the order of ``files``, as soon as it (and the ones before
    it) are done; ``jobs`` worker processes when more than one. A file of ``drafts`` that
    plays is ``skipped``."""
    draft = {Path(d).resolve() for d in drafts}
    flags = [f.resolve() in draft for f in files]
    if jobs <= 1 or len(files) <= 1:
        for f, flag in zip(files, flags):
            yield run_case(f, flag)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
        yield from pool.map(run_case, files, flags)


def summary(results: list[CaseResult]) -> str:
    """``19 passed, 1 failed``, with pytest's ``1 error`` (``2 errors``) after it when a
    scenario could not be played (bad input: the ``error`` of :class:`CaseResult`, as
    ``--junit`` counts it apart from the failures): ``2 passed, 1 failed, 1 error``;
    then the ``skipped`` results, the folders' scenarios without ``expect:`` that play:
    ``19 passed, 1 failed, 2 skipped (no expect:): a.yaml, b.yaml``; past
    :data:`LISTED` files, how many in each folder:
    ``68 skipped (no expect:): 60 in tests/forbidden, 8 in tests/notes``."""
    passed = sum(r.status == "passed" for r in results)
    failed = sum(r.status == "failed" for r in results)
    errors = sum(r.status == "error" for r in results)
    text = f"{passed} passed, {failed} failed"
    if errors:
        text += f", {errors} error{'' if errors == 1 else 's'}"
    skipped = [Path(r.path) for r in results if r.status == "skipped"]
    if len(skipped) > LISTED:
        folders = Counter(str(s.parent) for s in skipped)
        text += f", {len(skipped)} skipped (no expect:): " + ", ".join(f"{n} in {d}" for d, n in folders.items())
    elif skipped:
        text += f", {len(skipped)} skipped (no expect:): {', '.join(map(str, skipped))}"
    return text


LISTED = 5
"""Skipped files named one by one in :func:`summary`; past that, counted by folder."""


def junit_xml(results: list[CaseResult], name: str = "wolfdsl") -> str:
    """The results as a JUnit XML report (one ``testcase`` per file; a ``skipped`` result,
    a scenario with no ``expect:``, with ``<skipped/>``, listed first)."""
    skipped = [Path(r.path) for r in results if r.status == "skipped"]
    played = [r for r in results if r.status != "skipped"]
    suite = ET.Element("testsuite", name=name, tests=str(len(results)),
                       failures=str(sum(r.status == "failed" for r in results)),
                       errors=str(sum(r.status == "error" for r in results)),
                       skipped=str(len(skipped)),
                       time=f"{sum(r.seconds for r in played):.3f}")
    for p in skipped:
        case = ET.SubElement(suite, "testcase", classname=str(p.parent).replace("\\", "/"), name=p.name,
                             file=str(p), time="0.000")
        ET.SubElement(case, "skipped", message="no expect: block: the scenario checks nothing")
    for r in played:
        p = Path(r.path)
        case = ET.SubElement(suite, "testcase", classname=str(p.parent).replace("\\", "/"),
                             name=p.name, file=r.path, time=f"{r.seconds:.3f}")
        if r.status != "passed":
            first = r.report.splitlines()[0] if r.report else r.status
            tag = "failure" if r.status == "failed" else "error"
            ET.SubElement(case, tag, message=first).text = r.report
    ET.indent(suite)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"
