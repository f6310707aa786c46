"""The server's kernels: a page's kernel that never hears from its page is shut down, and how many kernels fit.

Every page request starts (or takes from a pool) a kernel; the page's widgets then connect to it over a
websocket. A page fetched by a program, or reloaded before its widgets connected, never connects: its kernel
used to wait for the culler (5 idle minutes). ``BoundedKernels`` shuts such a kernel down ``connect_grace``
seconds after its page was sent. Kernels waiting in a pool are never handed to a page, so never waited on;
Voilà's own rendering talks to the kernel over ZMQ, not a websocket, so it does not count as the page's.
"""
from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

MEMINFO = Path("/proc/meminfo")
KERNEL_MB = 100  # a student's practice kernel: 51-54 MB when it opens, about 105 MB after 150 clicks (bench_app)
RESERVE_MB = 512  # left to the server (about 260 MB with a class) and the system
CHECK_SECONDS = 1.0  # how often waiting kernels are looked at


def available_mb() -> int:
    """The memory the system could give without swapping (``MemAvailable``), in MB; 0 if unknown."""
    try:
        for line in MEMINFO.read_text(encoding="ascii").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // (1024 * 1024)
    except (OSError, ValueError):
        return 0


def fitting_kernels(memory_mb: int, kernel_mb: int = KERNEL_MB, reserve_mb: int = RESERVE_MB) -> int:
    """How many kernels of ``kernel_mb`` fit in ``memory_mb`` once ``reserve_mb`` is kept back."""
    return max(0, (memory_mb - reserve_mb) // max(1, kernel_mb))


def pool_total(manager: Any, config: dict[str, dict[str, Any]] | None = None) -> int:
    """How many kernels Voilà's pools keep waiting, all notebooks together (0 without preheated kernels), as
    the manager's ``kernel_pools_config`` sizes them, or ``config``."""
    pools: dict[str, Any] = getattr(manager, "_pools", {})
    if config is None:
        config = getattr(manager, "kernel_pools_config", {})
    default = config.get("default", {}).get("pool_size", 1)
    return sum(max(0, int(config.get(name, {}).get("pool_size", default))) for name in pools)


class BoundedKernels(AsyncMappingKernelManager):
    """A kernel handed to a page that gets no websocket connection within ``connect_grace`` seconds of the
    page's last byte is shut down (``await_connection``)."""

    connect_grace = Float(20.0, config=True,
                          help="seconds a page's kernel waits for the page's widgets to connect before it is shut "
                               "down (pages fetched by programs, reloaded or closed while loading)")
    _deadlines: dict[str, float]
    _connected: set[str]
    _reaper: asyncio.Task[None] | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._deadlines = {}
        self._connected = set()

    def await_connection(self, kernel_id: str, grace: float | None = None) -> None:
        """Shut ``kernel_id`` down unless a websocket connects to it within ``grace`` (``connect_grace``) seconds."""
        if kernel_id in self._connected or kernel_id not in self:
            return
        self._deadlines[kernel_id] = time.monotonic() + (self.connect_grace if grace is None else grace)
        if self._reaper is None or self._reaper.done():
            self._reaper = asyncio.get_running_loop().create_task(self._reap())

    def ever_connected(self, kernel_id: str) -> bool:
        return kernel_id in self._connected

    def connections(self, kernel_id: str) -> int:
        """The websockets open to the kernel now."""
        return int(self._kernel_connections.get(kernel_id, 0))

    def notify_connect(self, kernel_id: str) -> None:
        self._connected.add(kernel_id)
        self._deadlines.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    async def _reap(self) -> None:
        while self._deadlines:
            await asyncio.sleep(CHECK_SECONDS)
            now = time.monotonic()
            for kernel_id, deadline in list(self._deadlines.items()):
                if now < deadline:
                    continue
                del self._deadlines[kernel_id]
                if kernel_id in self:
                    self.log.info("Kernel %s shut down: its page's widgets did not connect within %.0f s",
                                  kernel_id, self.connect_grace)
                    await self.end(kernel_id)
            self._connected.intersection_update(self.list_kernel_ids())

    async def end(self, kernel_id: str) -> None:
        """Shut a kernel down at once (nothing in it is worth waiting for); nothing if it is already gone."""
        self._deadlines.pop(kernel_id, None)
        if kernel_id not in self:
            return
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except (KeyError, RuntimeError) as err:  # it ended meanwhile
            self.log.debug("Kernel %s was already gone: %s", kernel_id, err)
