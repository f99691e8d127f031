"""Chunked fixture files (starlark's ``resolve.star`` habit): pieces separated by a
``# ---`` line, each with the line number it starts at."""


def split_chunks(text: str) -> list[tuple[int, str]]:
    """``[(first line, chunk text), ...]`` of a file's text."""
    out, start, lines = [], 1, []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip() == "# ---":
            out.append((start, "\n".join(lines) + "\n"))
            start, lines = n + 1, []
        else:
            lines.append(line)
    out.append((start, "\n".join(lines) + "\n"))
    return out
