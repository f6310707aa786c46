"""IPython's wheel as the static site ships it: ``python site/ipython_wheel.py WHEEL``, in place, with
``IPython.embed`` imported when it is called instead of when IPython is.

``IPython/__init__.py`` imports ``embed`` from ``IPython.terminal.embed``, which imports the terminal shell and,
with it, prompt_toolkit (some 115 modules): about half of what the kernel imports before a lesson's first cell
runs, on every page's start. A lesson page has no terminal and never calls ``IPython.embed()``; the function
that stands for it imports the real one when called. The site then ships no prompt_toolkit at all
(``requirements-pyodide.txt``): there ``IPython.embed()`` raises ``ModuleNotFoundError``, as anywhere it is missing.
"""
from __future__ import annotations

import sys
import zipfile
from pathlib import Path

from site_wheel import record_line

INIT = "IPython/__init__.py"
EAGER = "from .terminal.embed import embed\n"
LAZY = '''def embed(*args, **kwargs):
    """``IPython.terminal.embed.embed``, imported on the first call (the static site: see site/ipython_wheel.py)."""
    from .terminal.embed import embed as terminal_embed

    return terminal_embed(*args, **kwargs)
'''


def lazy_embed(wheel: Path) -> None:
    """Rewrite ``wheel`` with the lazy ``embed``; exit if IPython's ``__init__`` no longer reads as expected."""
    rewritten = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as target:
        init = source.read(INIT).decode("utf-8")
        if init.count(EAGER) != 1:
            sys.exit(f"ipython_wheel: {INIT} of {wheel.name} does not import embed as expected; check this script")
        init = init.replace(EAGER, LAZY)
        for info in source.infolist():
            data = source.read(info)
            if info.filename == INIT:
                data = init.encode("utf-8")
            elif info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(record_line(INIT, init.encode("utf-8")) if line.startswith(INIT + ",") else line
                               for line in lines).encode("utf-8")
            target.writestr(info, data)
    rewritten.replace(wheel)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        lazy_embed(Path(path))
        print(f"ipython_wheel: IPython.embed imported when called, in {Path(path).name}", file=sys.stderr)
