"""The lessons' kernel: IPython's kernel without the debugger and the history database, its memory capped, its
errors kept in the server's log.

``python -m bulka_teach.serve.kernel -f CONNECTION_FILE`` (the app's kernel spec, ``app.LightKernelSpecs``).
ipykernel imports debugpy when it can, for JupyterLab's debugger: about 9 MB and 140 modules a kernel,
which a Voilà page cannot use (its websocket carries no debug messages). IPython's history is a SQLite
file every kernel writes to; thirty kernels of a class would queue on its lock for nothing.

``memory.MEMORY_ENV`` (megabytes, set by the app from ``--kernel-memory``) caps the kernel's memory (``memory``);
a kernel that reaches it tells its page and ends (``kernel_errors``). Its standard error and log go to the server's
log, not to the page: no traceback or server path reaches a browser (``kernel_errors``).
"""
from __future__ import annotations

import logging
import sys

sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel then runs without its debugger

from ipykernel import kernelapp  # noqa: E402  # after the line above, which it must see

from .kernel_errors import LessonKernel, log_to_server, server_stderr  # noqa: E402
from .memory import cap_memory  # noqa: E402

ARGUMENTS = ("--HistoryManager.enabled=False",
             "--IPKernelApp.capture_fd_output=False")  # the process's stderr stays the server's log, not the page's


class LessonKernelApp(kernelapp.IPKernelApp):
    """ipykernel's application running ``LessonKernel``, its stderr and log written to the server's log."""

    kernel_class = LessonKernel  # type: ignore[assignment]  # a trait's default, as IPKernelApp declares it

    def init_io(self) -> None:
        super().init_io()
        sys.stderr = server_stderr()  # ipykernel sends stderr to the page: tracebacks, warnings, log records

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        level = self.log_level  # traitlets keeps it on its handler, the logger itself passing every record
        log_to_server(self.log, level if isinstance(level, int | str) else logging.WARNING)


def main() -> None:
    cap_memory()
    LessonKernelApp.launch_instance(argv=[*sys.argv[1:], *ARGUMENTS])


if __name__ == "__main__":
    main()
