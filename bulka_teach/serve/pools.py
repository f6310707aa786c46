"""A class's prepared kernels (``--class=N``): how many for which lesson, in which order, how many at once, and the
moment the class is ready.

- ``class_pools``: N kernels for the class's lesson, and one per ``STUDENTS_PER_SPARE`` students for every other
  lesson; ``first_pools``: the class's lesson alone, what the server prepares first.
- ``PreparedKernels``, class mode's kernel manager: a pool's kernel starts when one of its turns is free and gives
  the turn back once its page is rendered. ``at_once`` turns (one per core) while the class's lesson is prepared,
  one afterwards: the other lessons' spares and the refills of used kernels then never crowd out the class. No
  pool kernel starts while a student's own kernel (he found none prepared) runs its page: a student who comes
  early is served as he would be without class mode.
- ``PreparedKernels.prepare_class``: once every kernel of the class's lesson has rendered its page, the log says
  ``The class is ready: …`` (the moment the teacher may give the link) and the other lessons' spares are prepared;
  ``Every lesson's kernels are prepared …`` follows.
- ``ready_kernels``: how many of a lesson's pool kernels a student may take now.
"""
from __future__ import annotations

import asyncio
import math
import os
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from traitlets import Float, Integer

from .kernels import BoundedKernels

STUDENTS_PER_SPARE = 10  # every other lesson keeps one prepared kernel per this many students
READY = "The class is ready:"  # the log line the teacher waits for (README: A class on one machine)
Pools = dict[str, dict[str, int]]  # Voilà's kernel_pools_config: lesson (or "default") → {"pool_size": n}


def class_pools(students: int, lesson: str) -> Pools:
    """Voilà's ``kernel_pools_config`` for a class: ``students`` kernels for ``lesson``, spares for the others."""
    return {"default": {"pool_size": max(1, math.ceil(students / STUDENTS_PER_SPARE))},
            lesson: {"pool_size": students}}


def first_pools(pools: Pools, lesson: str) -> Pools:
    """``pools`` with ``lesson``'s alone: what the server prepares first (the others follow, ``prepare_class``)."""
    return {"default": {"pool_size": 0}, lesson: pools[lesson]}


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class PreparedKernels(BoundedKernels):
    """Pool kernels started in turns (``at_once`` of them until the class is ready, then one), after students."""

    at_once = Integer(0, min=0, config=True,
                      help="pool kernels prepared at once until the class's lesson is ready (0: one per core); "
                           "one at a time afterwards")
    quiet_seconds = Float(1.0, config=True,
                          help="how long a student's own kernel is idle before his page counts as rendered")
    longest_wait = Float(60.0, config=True, help="a turn is given back after this many seconds anyway")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.turns = self.at_once or cores()
        self._preparing = 0  # pool kernels whose page is not rendered yet
        self._students = 0  # students' own kernels whose page is not rendered yet
        self._changed: asyncio.Condition | None = None

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]  # async here
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            self._students += 1  # a student's own kernel: no pool kernel starts until his page is rendered
            return await self._start_counted("_students", *args, **kwargs)
        changed = self._condition()
        async with changed:
            await changed.wait_for(lambda: self._preparing < self.turns and not self._students)
            self._preparing += 1
        return await self._start_counted("_preparing", *args, **kwargs)

    async def _start_counted(self, counter: str, *args: Any, **kwargs: Any) -> str:
        """Start a kernel counted in ``counter`` (``_preparing`` or ``_students``) until its page is rendered."""
        try:
            kernel_id: str = await super().start_kernel(*args, **kwargs)
        except BaseException:
            await self._done(counter)
            raise
        asyncio.get_running_loop().create_task(self._when_rendered(kernel_id, counter))
        return kernel_id

    def _condition(self) -> asyncio.Condition:
        if self._changed is None:
            self._changed = asyncio.Condition()
        return self._changed

    async def _done(self, counter: str) -> None:
        changed = self._condition()
        async with changed:
            setattr(self, counter, getattr(self, counter) - 1)
            changed.notify_all()

    async def _when_rendered(self, kernel_id: str, counter: str) -> None:
        """Count the kernel's page as rendered (``counter`` one lower) when it is, the kernel is gone, or after
        ``longest_wait``."""
        deadline = time.monotonic() + self.longest_wait
        try:
            await asyncio.sleep(0)  # Voilà makes the pool's entry right after the kernel started
            page = self._page(kernel_id)
            if page is not None:
                await asyncio.wait([page], timeout=self.longest_wait)
            else:  # a student's own kernel, or a pool kernel already taken
                self.log.debug("Kernel %s: its page counts as rendered once the kernel is quiet", kernel_id)
                await self._quiet(kernel_id, deadline)
        finally:
            await self._done(counter)

    def _page(self, kernel_id: str) -> asyncio.Task[Any] | None:
        """The rendering of a pool kernel's page (Voilà's ``_pools``: tasks whose result holds the kernel's id and
        its page's render task); None if the kernel is not in a pool."""
        for pool in getattr(self, "_pools", {}).values():
            for entry in pool:
                if entry.done() and not entry.cancelled() and entry.exception() is None:
                    content = entry.result()
                    if content.get("kernel_id") == kernel_id:
                        page: asyncio.Task[Any] = content["task"]
                        return page
        return None

    async def _quiet(self, kernel_id: str, deadline: float) -> None:
        """Until the kernel is idle and has said nothing for ``quiet_seconds`` (its page's cells ran), or is gone."""
        await asyncio.sleep(self.quiet_seconds)
        while time.monotonic() < deadline and kernel_id in self:
            kernel: Any = self.get_kernel(kernel_id)  # jupyter_server adds these two as the kernel talks
            quiet = (datetime.now(UTC) - kernel.last_activity).total_seconds()
            if kernel.execution_state == "idle" and quiet >= self.quiet_seconds:
                return
            await asyncio.sleep(0.25)

    def prepare_class(self, lesson: str, pools: Pools, began: float) -> None:
        """Once ``lesson``'s pool (being prepared) has rendered every page, log that the class is ready, then
        prepare the other lessons' pools (``pools``) one at a time. ``began``: the server's start (monotonic)."""
        pools_now: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
        if lesson not in pools_now:
            self.log.warning("The class's lesson %s is not among the lessons served: no kernel is prepared for it "
                             "(--lesson names a notebook under the served folder)", lesson)
        first = list(pools_now.get(lesson, []))
        loop = asyncio.get_event_loop()  # not running yet: Voilà's pools are made the same way, before the server
        loop.create_task(self._prepare_class(lesson, first, pools, began))

    async def _prepare_class(self, lesson: str, first: list[asyncio.Task[Any]], pools: Pools, began: float) -> None:
        rendered = await pages_rendered(first)
        self.log.info("%s %d of %d kernels for %s prepared, each with its page, %.0f s after the start (%d at "
                      "once); now the other lessons' spares, one at a time", READY, rendered, len(first), lesson,
                      time.monotonic() - began, self.turns)
        self.turns = 1
        changed = self._condition()
        async with changed:
            changed.notify_all()
        self.kernel_pools_config = pools  # type: ignore[attr-defined]  # Voilà's pools (VoilaKernelManager)
        others = [name for name in getattr(self, "_pools", {}) if name != lesson]
        rendered = 0
        for name in others:  # one lesson's spares queued at a time: a used class kernel's refill waits for few
            self.fill_if_needed(delay=0, notebook_name=name)  # type: ignore[attr-defined]
            rendered += await pages_rendered(list(self._pools[name]))  # type: ignore[attr-defined]
        self.log.info("Every lesson's kernels are prepared: %d spares for %d other lessons, %.0f s after the start",
                      rendered, len(others), time.monotonic() - began)


async def pages_rendered(entries: Iterable[asyncio.Task[Any]]) -> int:
    """Wait until each pool entry has its kernel and its page rendered (or failed); how many did."""
    entries = list(entries)
    if not entries:
        return 0
    await asyncio.wait(entries)  # not gather: this waiting, if cancelled, must not cancel the pool's work
    pages = [entry.result()["task"] for entry in entries if _ready(entry)]
    if pages:
        await asyncio.wait(pages)
    return sum(page.done() and not page.cancelled() and page.exception() is None for page in pages)


def ready_kernels(manager: Any, notebook: str) -> int:
    """How many of ``notebook``'s pool kernels are ready (started, their page rendered or rendering); they are put
    first in the pool, where Voilà takes the next one from.

    Voilà counts the kernels still waiting for their turn, and a student who asks then waits for one (behind every
    kernel queued before it); counting only the ready ones gives that student a kernel of his own at once."""
    pool = manager._pools.get(notebook, [])
    pool.sort(key=lambda task: not _ready(task))  # stable: the ready ones first, each group in its order
    return sum(map(_ready, pool))


def _ready(task: asyncio.Future[Any]) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None
