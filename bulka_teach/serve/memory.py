"""A lesson kernel's memory cap: the server passes it in ``MEMORY_ENV``, the kernel sets it on itself.

Light on purpose: the server (``app``) and the kernel (``kernel``) both import it.
"""
from __future__ import annotations

import os
import resource
from collections.abc import Mapping

MEMORY_ENV = "BULKA_KERNEL_MEMORY_MB"
KERNEL_MEMORY_MB = 512  # the default cap: 1.6× the highest VmData measured in play (README: a kernel's memory)
HEADROOM_MB = 32  # above the cap (the soft limit), the hard limit: room to log and tell the page before ending


def cap_memory(environ: Mapping[str, str] = os.environ) -> int | None:
    """Limit this process's data memory to ``MEMORY_ENV`` megabytes; the cap in bytes, or None (unset or 0: none).

    The limit is ``RLIMIT_DATA``, what Linux counts as a process's private writable memory (heap, anonymous maps,
    thread stacks: ``VmData``), not its address space (``RLIMIT_AS`` also counts libraries and reserved arenas).
    An allocation past the cap fails with ``MemoryError`` instead of taking the server's memory. The hard limit is
    ``HEADROOM_MB`` higher, for the ending kernel only (``release_headroom``).
    """
    value = environ.get(MEMORY_ENV, "").strip()
    if not (value.isascii() and value.isdigit()) or int(value) == 0:
        return None
    cap, hard = int(value) << 20, (int(value) + HEADROOM_MB) << 20
    _soft, ceiling = resource.getrlimit(resource.RLIMIT_DATA)
    if ceiling != resource.RLIM_INFINITY:
        cap, hard = min(cap, ceiling), min(hard, ceiling)
    resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))
    return cap


def release_headroom() -> None:
    """Let this process use its memory up to the hard limit: room to write its log and say goodbye."""
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_DATA, (hard, hard))
