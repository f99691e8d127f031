"""``wolfdsl new NAME --from BASE``: a new ruleset file to edit, next to the user.

``new_ruleset(name, base, folder, short)`` writes ``NAME.wolf`` in ``folder``: an
editable copy of the bundled (or local) ruleset ``base`` — its imports name bundled
files, so the copy works wherever it is — or, with ``short``, a few lines importing the
base, to add to or ``replace`` in. The title names the new file.

``NAME`` may be a path (``rules/x``, ``../x``, ``/tmp/x``): the file is written there,
as ``cp`` would, in a folder that must exist (none is created); the command prints where.
Raises ``WolfError`` for an unknown base, a missing folder, or a target that is the base
itself (even with ``force``), and ``FileExistsError`` rather than overwrite a file
without ``force``. The file is written whole or not at all (:mod:`wolfdsl.outfile`).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..diagnostics import WolfError
from ..outfile import write_text
from .load import bundled_path, resolve


def _target(name: str, folder: Path) -> Path:
    path = Path(name)
    if not path.name or path.name in (".", ".."):
        raise WolfError(f"'{name}' is not a file name: give one such as my-variant")
    if path.suffix != ".wolf":
        path = path.with_name(path.name + ".wolf")
    return Path(os.path.normpath(path if path.is_absolute() else folder / path))


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _title(stem: str) -> str:
    """The copy's ``title`` line: the new name in both languages, and what to do with it."""
    return f'title "{_quote(stem)}" "{_quote(stem)}"   # English, then Chinese (中文) title: translate the second'


def _import_name(source: Path, base_name: str, target: Path, base: str) -> str:
    """What the short file's ``import`` names: the bundled name, or the local base's path
    from the new file's folder (``import`` reads files in and under that folder only,
    docs/security.md). Raises ``WolfError`` for a base outside it."""
    if source == bundled_path(base_name):
        return base_name
    try:
        rel = Path(os.path.realpath(source)).relative_to(os.path.realpath(target.parent))
    except ValueError:
        raise WolfError(f"cannot write {target.name} with --import: {base} is not in or under {target.parent}, "
                        "and an import reads only files in and under its own folder; write the new file "
                        f"beside {source.name} (wolfdsl new {source.parent / target.stem} --import --from {base}), "
                        "or drop --import for a full copy") from None
    return rel.with_suffix("").as_posix()


def new_ruleset(name: str, base: str, folder: Path, short: bool = False, force: bool = False) -> Path:
    """Write the new file and return its path (see the module's doc)."""
    source, base_name = resolve(base)
    target = _target(name, folder)
    if not target.parent.is_dir():
        raise WolfError(f"cannot write {name}: the folder {target.parent} does not exist (create it first, "
                        f"or give a name in this folder such as {target.name})")
    if target.exists() and os.path.samefile(target, source):
        raise WolfError(f"cannot write {name}: it is the ruleset --from copies; give the new file another name")
    if target.exists() and not force:
        raise FileExistsError(str(target))
    stem = target.stem
    made = f"# {target.name} — made with `wolfdsl new {stem} --from {base}`"
    what = f"the bundled {base_name}" if source == bundled_path(base_name) else f"the ruleset in {source.name}"
    if short:
        imported = _import_name(source, base_name, target, base)
        text = (f'{made}: {what} with your changes.\n'
                "# Add declarations, `set` an option, `replace` or `remove` what the base declares\n"
                "# (docs/language.md); `wolfdsl show` prints the result.\n\n"
                f'{_title(stem)}\n'
                f'import "{_quote(imported)}"\n')
    else:
        try:
            original = source.read_text(encoding="utf-8")
        except OSError as err:
            raise WolfError(f"cannot read {source}: {err.strerror}") from None
        text = f"{made}: a copy to edit.\n{original}"
        title = _title(stem)
        text, n = re.subn(r'^title "(?:[^"\\\n]|\\.)*"(?:[ \t]+"(?:[^"\\\n]|\\.)*")?',
                          lambda _: title, text, count=1, flags=re.M)
        if n == 0:
            text = text.replace("\n", f"\n{title}\n", 1)
    write_text(target, text, "NAME", [source])
    return target
