"""The lessons' kernel: IPython's kernel without the debugger and the history database.

``python -m bulka_teach.serve.kernel -f CONNECTION_FILE`` (the app's kernel spec, ``app.LightKernelSpecs``).
ipykernel imports debugpy when it can, for JupyterLab's debugger: about 9 MB and 140 modules a kernel,
which a Voilà page cannot use (its websocket carries no debug messages). IPython's history is a SQLite
file every kernel writes to; thirty kernels of a class would queue on its lock for nothing.
"""
from __future__ import annotations

import sys

sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel then runs without its debugger

from ipykernel import kernelapp  # noqa: E402  # after the line above, which it must see

ARGUMENTS = ("--HistoryManager.enabled=False",)


def main() -> None:
    kernelapp.launch_new_instance(argv=[*sys.argv[1:], *ARGUMENTS])


if __name__ == "__main__":
    main()
