"""Voilà for a class: ``python -m bulka_teach.serve lessons [--class=30] [voila's options]``.

Everything ``voila`` does, reading the same ``voila.json``, and:

- render pages set the ``_xsrf`` cookie, so a closed tab's shutdown beacon frees its kernel (``xsrf``);
- ``--class=N`` (``LessonsApp.class_size``): kernels prepared for N students arriving at once — N for the
  class's lesson (``--lesson``, the practice lesson unless told), and a few for every other lesson
  (``class_pools``) — refilled one at a time once used (``OneAtATimeKernels``), so the refills do not
  crowd out the students' pages;
- ``LightKernelSpecs``: the lessons run in ``bulka_teach.serve.kernel`` (set in ``voila.json``).
"""
from __future__ import annotations

import asyncio
import math
import sys
from typing import Any

from jupyter_client.kernelspec import NATIVE_KERNEL_NAME, KernelSpec, KernelSpecManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, Unicode
from traitlets.config import Config
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from .xsrf import RenderWithXsrfCookie

CLASS_LESSON = "czech-bulka/10-practice.ipynb"  # the lesson a class link opens (README: one deal for the class)
STUDENTS_PER_SPARE = 10  # every other lesson keeps one prepared kernel per this many students
LIGHT_KERNEL = "bulka_teach.serve.kernel"
KERNEL_ENV = {"MALLOC_ARENA_MAX": "2"}  # glibc's default gives each of a kernel's ~12 threads its own arena


def class_pools(students: int, lesson: str = CLASS_LESSON) -> dict[str, dict[str, int]]:
    """Voilà's ``kernel_pools_config`` for a class: ``students`` kernels for ``lesson``, spares for the others."""
    return {"default": {"pool_size": max(1, math.ceil(students / STUDENTS_PER_SPARE))},
            lesson: {"pool_size": students}}


class LightKernelSpecs(KernelSpecManager):
    """The native ``python3`` kernel spec, run as ``bulka_teach.serve.kernel`` (no debugger, no history)."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        spec = super().get_kernel_spec(kernel_name)
        argv = list(spec.argv)
        if (kernel_name == NATIVE_KERNEL_NAME and "ipykernel_launcher" in argv
                and argv[0] in {"python", "python3", sys.executable}):
            at = argv.index("ipykernel_launcher")
            spec.argv = [*argv[:at], LIGHT_KERNEL, *argv[at + 1:]]
            spec.env = {**KERNEL_ENV, **spec.env}
        return spec


class OneAtATimeKernels(AsyncMappingKernelManager):
    """Kernels started for a pool (not for a waiting student) start one at a time, each given a head start."""

    refill_gap = Float(1.0, config=True, help="seconds between two pool kernels' starts (their cells run then)")
    _queue: asyncio.Lock | None = None

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]  # async here
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            return await super().start_kernel(*args, **kwargs)
        if self._queue is None:
            self._queue = asyncio.Lock()
        async with self._queue:
            kernel_id = await super().start_kernel(*args, **kwargs)
            await asyncio.sleep(self.refill_gap)
        return kernel_id


class LessonsApp(Voila):
    """Voilà serving the lessons; ``class_size`` prepares kernels for a class."""

    class_size = Integer(0, config=True, help="students who arrive at once (0: the pools of voila.json)")
    class_lesson = Unicode(CLASS_LESSON, config=True, help="the lesson the class opens first")
    aliases = {**Voila.aliases, "class": "LessonsApp.class_size", "lesson": "LessonsApp.class_lesson"}

    def init_settings(self) -> dict[str, Any]:
        """Voilà's settings; first, in class mode, the pools of the class (the kernel manager is made next)."""
        if self.class_size > 0:
            pools = class_pools(self.class_size, self.class_lesson)
            self.voila_configuration.preheat_kernel = True
            self.voila_configuration.multi_kernel_manager_class = OneAtATimeKernels
            self.update_config(Config({"VoilaKernelManager": {"kernel_pools_config": pools}}))
            self.log.info("Class mode: %d students; prepared kernels: %d for %s, %d for each other lesson",
                          self.class_size, pools[self.class_lesson]["pool_size"], self.class_lesson,
                          pools["default"]["pool_size"])
        settings: dict[str, Any] = super().init_settings()
        return settings

    def init_handlers(self) -> list[Any]:
        return [(route[0], RenderWithXsrfCookie, *route[2:]) if route[1] is TornadoVoilaHandler else route
                for route in super().init_handlers()]


main = LessonsApp.launch_instance
