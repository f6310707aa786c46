"""What the lessons' kernel does with an error and with running out of memory: the server's log gets the whole
story, the student's page one sentence at most.

An error inside a widget's handler (a forged message, an out-of-range value) reaches the browser three ways in a
plain IPython kernel: the traceback IPython shows (an iopub ``error`` message), the comm manager's log records
(``Exception opening comm …`` with the traceback, written to ``sys.stderr``, which the kernel forwards to the page as
a ``stream`` message) and anything else written to ``sys.stderr`` (warnings, a thread's uncaught exception). Here:

- ``sys.stderr`` is the kernel process's own standard error, which the server writes to its log (``server_stderr``);
- every log record and every uncaught exception goes to that log, cut to ``LOG_MESSAGE_CHARS`` before its
  traceback, so that a 4 MB forged id is not copied into the log (``ServerLog``);
- IPython's traceback becomes ``ERROR_SENTENCE`` on the page and the traceback in the log (``QuietShell``).

A ``MemoryError`` anywhere (the kernel's memory is capped: ``memory``) ends the kernel: its widgets'
pages are told (a custom widget message ``{"stopped": "memory"}``, which the table's banner words for the student)
and the process exits, returning its memory; the server then starts a fresh kernel (``end_for_memory``).
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
from types import TracebackType
from typing import Any, TextIO

from ipykernel.ipkernel import IPythonKernel
from ipykernel.zmqshell import ZMQInteractiveShell

from .memory import release_headroom

ERROR_SENTENCE = "That did not work: the lesson met an error on the server. Reload the page (F5) if it stops answering."
STOPPED_MEMORY = {"stopped": "memory"}  # the custom widget message a page's table answers with its memory banner
WIDGET_TARGET = "jupyter.widget"
LOG_MESSAGE_CHARS = 300  # a log line's message (not its traceback) is cut to this many characters
LOG_FORMAT = "[lesson kernel %(process)d] %(levelname)s | %(name)s | %(message)s"
FLUSH_SECONDS = 2.0  # how long the ending kernel waits for its last messages to be sent
SOCKET_SECONDS = 0.5  # and then for zmq to write them to the server
MEMORY_EXIT_CODE = 3

log = logging.getLogger("bulka_teach.kernel")
_ending = threading.Event()


def server_stderr() -> TextIO:
    """The kernel process's standard error: the server's log (the stream ``sys.stderr`` was before ipykernel)."""
    return sys.__stderr__ if sys.__stderr__ is not None else open(os.devnull, "w")  # noqa: SIM115  # lives on


class ShortFormatter(logging.Formatter):
    """The usual line, its message cut to ``LOG_MESSAGE_CHARS`` (the traceback after it stays whole)."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802  # logging's name
        message = record.message
        if len(message) > LOG_MESSAGE_CHARS:
            record.message = f"{message[:LOG_MESSAGE_CHARS]}… ({len(message):,} characters)"
        try:
            return super().formatMessage(record)
        finally:
            record.message = message


class ServerLog(logging.StreamHandler):  # type: ignore[type-arg]  # a StreamHandler of a text stream
    """Writes records to the server's log; a record of a ``MemoryError`` then ends the kernel (``end_for_memory``)."""

    def __init__(self, level: int | str = logging.WARNING) -> None:
        super().__init__(server_stderr())
        self.setLevel(level)
        self.setFormatter(ShortFormatter(LOG_FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        out_of_memory = record.exc_info is not None and isinstance(record.exc_info[1], MemoryError)
        if out_of_memory:
            release_headroom()
        super().emit(record)
        if out_of_memory:
            end_for_memory()


def log_to_server(app_log: logging.Logger | None = None, level: int | str = logging.WARNING) -> None:
    """Send every log record (from ``level`` up), warning and uncaught exception of this process to the server's
    log, ``app_log`` (the kernel application's logger, which does not propagate) included."""
    handler = ServerLog(level)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(min(root.getEffectiveLevel(), handler.level))
    if app_log is not None and app_log is not root:
        app_log.handlers[:] = [handler]
    logging.captureWarnings(True)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread_uncaught


def _log_uncaught(etype: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    log.error("Uncaught exception", exc_info=(etype, value, tb))


def _log_thread_uncaught(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None:
        name = args.thread.name if args.thread is not None else "?"
        log.error("Uncaught exception in thread %s", name,
                  exc_info=(args.exc_type, args.exc_value, args.exc_traceback))


class QuietShell(ZMQInteractiveShell):
    """IPython's shell whose tracebacks go to the server's log; the page gets ``ERROR_SENTENCE`` in their place."""

    def _showtraceback(self, etype: type[BaseException], evalue: BaseException, stb: list[str]) -> None:
        log.error("Error in the lesson", exc_info=(etype, evalue, evalue.__traceback__))
        super()._showtraceback(Exception, ERROR_SENTENCE, [ERROR_SENTENCE])  # type: ignore[arg-type]


class LessonKernel(IPythonKernel):
    """IPython's kernel with ``QuietShell``."""

    shell_class = QuietShell  # type: ignore[assignment]  # a trait's default, as IPythonKernel declares it


def end_for_memory() -> None:
    """Tell the pages of this kernel's widgets that it ran out of memory, then end the process (once)."""
    if _ending.is_set():
        return
    _ending.set()
    log.error("The kernel ran out of the memory it may use (see --kernel-memory): ending it; its page says so")
    try:
        _tell_pages()
    finally:
        logging.shutdown()
        os._exit(MEMORY_EXIT_CODE)  # no clean-up: a page's kernel holds nothing to save


def _tell_pages() -> None:
    """Send ``STOPPED_MEMORY`` to every widget, and wait (a little) until the messages have left."""
    if not LessonKernel.initialized():
        return
    kernel: Any = LessonKernel.instance()
    for comm in list(kernel.comm_manager.comms.values()):
        if getattr(comm, "target_name", None) == WIDGET_TARGET:
            try:
                comm.send({"method": "custom", "content": STOPPED_MEMORY})
            except Exception:  # noqa: BLE001, S112  # a comm that cannot send is skipped: the others may
                continue
    iopub = getattr(kernel, "iopub_thread", None)
    if iopub is not None:
        sent = threading.Event()
        iopub.schedule(sent.set)  # runs after the sends above, in the thread that makes them
        sent.wait(FLUSH_SECONDS)
        time.sleep(SOCKET_SECONDS)  # zmq's own thread then writes them out
