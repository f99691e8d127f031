"""``wolfdsl lsp`` behind its command-line wrapper; :func:`register` adds it to the CLI."""
from __future__ import annotations

import typer


def lsp(
    stdio: bool = typer.Option(False, "--stdio", help="Talk over stdin/stdout (the default; accepted because "
                                                      "many clients pass it)."),
) -> None:
    """Run the language server for .wolf files (LSP over stdin/stdout).

    Editors start it: diagnostics as you type (the codes of `wolfdsl lint`), hover,
    go to definition, find references, completion and document symbols. See
    docs/editors.md. Needs the extra: pip install 'wolfdsl[lsp]'; exit 2 without it."""
    from .server import missing, serve

    problem = missing()
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    serve()


def register(app: typer.Typer, cls: type) -> None:
    """Add ``wolfdsl lsp`` to ``app``; ``cls`` is the CLI's command class."""
    app.command(cls=cls, short_help="Run the language server for editors (LSP over stdio).")(lsp)
