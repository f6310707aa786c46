"""A class's prepared kernels (``bulka_teach.serve.pools``) without a server: which pools, and the turns in which
their kernels start — a few at once, never while a student's own kernel runs his page. Kernels here are stand-ins
(an id and a page that renders when the test says); ``tests/browser/test_class_mode.py`` runs the real server."""
from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bulka_teach.serve.kernels import BoundedKernels
from bulka_teach.serve.pools import PreparedKernels, class_pools, first_pools, ready_kernels

PRACTICE = "czech-bulka/10-practice.ipynb"
PREHEAT = {"env": {"VOILA_PREHEAT": "True"}}


def test_a_class_of_30_gets_30_kernels_for_its_lesson_first_and_3_for_each_other_later() -> None:
    pools = class_pools(30, PRACTICE)
    assert pools == {"default": {"pool_size": 3}, PRACTICE: {"pool_size": 30}}
    assert first_pools(pools, PRACTICE) == {"default": {"pool_size": 0}, PRACTICE: {"pool_size": 30}}
    assert class_pools(4, PRACTICE)["default"] == {"pool_size": 1}


class Lessons:
    """Voilà's part in a stand-in: each pool entry starts a kernel through the manager, then renders its page (an
    event the test sets); ``started`` lists the kernels in the order they started."""

    def __init__(self, manager: PreparedKernels, monkeypatch: pytest.MonkeyPatch) -> None:
        self.manager = manager
        self.started: list[str] = []
        self.pages: dict[str, asyncio.Event] = {}
        manager._pools = {PRACTICE: []}  # type: ignore[attr-defined]  # Voilà's, on its VoilaKernelManager

        async def start(_manager: Any, *args: Any, **kwargs: Any) -> str:
            kernel_id = str(uuid.uuid4())
            self.started.append(kernel_id)
            self.pages[kernel_id] = asyncio.Event()
            return kernel_id

        monkeypatch.setattr(BoundedKernels, "start_kernel", start, raising=False)

    def prepare(self) -> None:
        """One more kernel for the practice pool, as Voilà's ``fill_if_needed`` makes one."""
        async def entry() -> dict[str, Any]:
            kernel_id = await self.manager.start_kernel(**PREHEAT)
            page = asyncio.get_running_loop().create_task(self.pages[kernel_id].wait())
            return {"kernel_id": kernel_id, "task": page}

        self.manager._pools[PRACTICE].append(asyncio.get_running_loop().create_task(entry()))  # type: ignore

    def render(self, count: int) -> None:
        """The first ``count`` started kernels not yet rendered finish their pages."""
        for kernel_id in [k for k in self.started if not self.pages[k].is_set()][:count]:
            self.pages[kernel_id].set()


def run_alone(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``scenario`` on an event loop of its own thread: in a whole run the browser tests' session-wide Playwright
    (its sync API) keeps an event loop marked running in the main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as alone:
        alone.submit(asyncio.run, scenario()).result()


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_pool_kernels_start_as_many_at_once_as_the_turns_and_the_next_when_a_page_is_rendered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        manager = PreparedKernels(at_once=2)
        lessons = Lessons(manager, monkeypatch)
        for _ in range(5):
            lessons.prepare()
        await settle()
        assert len(lessons.started) == 2, "two kernels prepared at once, the other three wait their turn"
        assert ready_kernels(manager, PRACTICE) == 2
        lessons.render(1)
        await settle()
        assert len(lessons.started) == 3, "a page rendered gives its turn to the next kernel"
        manager.turns = 1  # the class is ready: one at a time from now on
        lessons.render(2)
        await settle()
        assert len(lessons.started) == 4
        lessons.render(5)
        await settle()
        assert len(lessons.started) == 5

    run_alone(scenario)


def test_a_student_who_finds_no_kernel_ready_gets_his_own_at_once_and_preparation_waits_for_his_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        manager = PreparedKernels(at_once=1, quiet_seconds=1.0)
        lessons = Lessons(manager, monkeypatch)
        lessons.prepare()
        lessons.prepare()
        await settle()
        assert len(lessons.started) == 1
        own = await asyncio.wait_for(manager.start_kernel(env={}), 0.1)  # while the pool's turn is taken
        assert own in lessons.started, "a student's kernel does not wait for the pool's turn"
        lessons.render(1)  # the pool kernel before him is rendered; his own page is not (1 s of quiet)
        await settle()
        assert lessons.started == [lessons.started[0], own], "no pool kernel starts while his page renders"
        await asyncio.sleep(1.3)  # his kernel (a stand-in the manager does not run) counts as rendered
        await settle()
        assert len(lessons.started) == 3, "then the pool's preparation goes on"

    run_alone(scenario)
