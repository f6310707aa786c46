"""Voilà for a class: ``python -m bulka_teach.serve lessons [--class=30] [voila's options]``.

Everything ``voila`` does, reading the same ``voila.json``, and:

- render pages set the ``_xsrf`` cookie, so a closed tab's shutdown beacon frees its kernel (``xsrf``);
- ``--class=N`` (``LessonsApp.class_size``): kernels prepared for N students arriving at once — N for the
  class's lesson (``--lesson``, the practice lesson unless told), first, one per core at a time, until the log
  says ``The class is ready``; then a few for every other lesson, one at a time (``pools``) — refilled
  ``CLASS_FILL_DELAY`` after use, one at a time, so the refills do not crowd out the students' pages; a student
  who finds no ready kernel gets one of his own at once, and no kernel is prepared while his page renders
  (``pools.PreparedKernels``, ``pools.ready_kernels``);
- ``LightKernelSpecs``: the lessons run in ``bulka_teach.serve.kernel`` (set in ``voila.json``), each kernel's memory
  capped at ``--kernel-memory`` MB (``LightKernelSpecs.kernel_memory``; 0: no cap; see ``memory``);
- the class at ``bulka/class/`` (``bulka_teach.classroom.web``) with ``--class`` or ``BULKA_CLASS_DB``: students'
  names, their progress, the teacher's page (its link, with a token, printed at start);
- the shared tables of classmates at ``bulka/tables/`` (``bulka_teach.tables.web.app_routes``), their address and
  secret in the kernels' environment;
- kernels bounded (``gate``, ``kernels``): a page whose widgets never connect frees its kernel
  (``--connect-grace``, 20 s), a visitor holds at most ``--kernels-per-visitor`` (4) pages, the server at most
  ``--max-kernels`` kernels (0: as many as the memory holds, ``kernel_mb`` each), then "The class is full".
"""
from __future__ import annotations

import os
import sys
import time
from functools import partial
from typing import Any

from jupyter_client.kernelspec import NATIVE_KERNEL_NAME, KernelSpec, KernelSpecManager
from traitlets import Integer, Unicode
from traitlets.config import Config
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from ..classroom.web import DB_ENV, app_class_routes
from ..classroom.web import PREFIX as CLASS_PREFIX
from ..links import local_host
from ..tables.web import app_routes
from .gate import SETTING, Gate, GatedKernelSocket, GatedRender
from .kernels import KERNEL_MB, BoundedKernels, available_mb, fitting_kernels, pool_total
from .memory import KERNEL_MEMORY_MB, MEMORY_ENV
from .pools import PreparedKernels, class_pools, first_pools, ready_kernels
from .visitors import Visitors

CLASS_LESSON = "czech-bulka/10-practice.ipynb"  # the lesson a class link opens (README: one deal for the class)
CLASS_FILL_DELAY = 20.0  # seconds before a used pool kernel is replaced: after the class's arrival, not during it
LIGHT_KERNEL = "bulka_teach.serve.kernel"
STARTED = time.monotonic()  # about when the server started (this module is imported as it starts)
KERNEL_ENV = {"MALLOC_ARENA_MAX": "2"}  # glibc's default gives each of a kernel's ~12 threads its own arena


class LightKernelSpecs(KernelSpecManager):
    """The native ``python3`` kernel spec, run as ``bulka_teach.serve.kernel`` (no debugger, no history), its memory
    capped at ``kernel_memory`` MB."""

    kernel_memory = Integer(KERNEL_MEMORY_MB, min=0, config=True,
                            help="the memory (MB) a lesson's kernel may use before it ends with a sentence (0: no cap)")

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        spec = super().get_kernel_spec(kernel_name)
        argv = list(spec.argv)
        if (kernel_name == NATIVE_KERNEL_NAME and "ipykernel_launcher" in argv
                and argv[0] in {"python", "python3", sys.executable}):
            at = argv.index("ipykernel_launcher")
            spec.argv = [*argv[:at], LIGHT_KERNEL, *argv[at + 1:]]
            spec.env = {**KERNEL_ENV, **spec.env, MEMORY_ENV: str(self.kernel_memory)}
        return spec


class LessonsApp(Voila):
    """Voilà serving the lessons; ``class_size`` prepares kernels for a class."""

    class_size = Integer(0, config=True, help="students who arrive at once (0: the pools of voila.json)")
    class_lesson = Unicode(CLASS_LESSON, config=True, help="the lesson the class opens first")
    kernels_per_visitor = Integer(4, config=True, help="lesson pages (kernels) one visitor holds at once; a newer "
                                                       "page shuts the oldest down")
    max_kernels = Integer(0, config=True, help="kernels the server runs at most, pools included, beyond which a "
                                               "page is 'The class is full' (0: as many as the memory holds)")
    kernel_mb = Integer(KERNEL_MB, config=True, help="memory counted for each kernel when max_kernels is 0 (MB)")
    aliases = {**Voila.aliases, "class": "LessonsApp.class_size", "lesson": "LessonsApp.class_lesson",
               "kernels-per-visitor": "LessonsApp.kernels_per_visitor", "max-kernels": "LessonsApp.max_kernels",
               "connect-grace": "BoundedKernels.connect_grace",
               "kernel-memory": "LightKernelSpecs.kernel_memory"}

    def init_settings(self) -> dict[str, Any]:
        """Voilà's settings; first, in class mode, the pools of the class (the kernel manager is made next)."""
        pools = class_pools(self.class_size, self.class_lesson) if self.class_size > 0 else None
        if pools is not None:  # the class's lesson alone at first; ``prepare_class`` then fills the others
            self.voila_configuration.preheat_kernel = True
            self.voila_configuration.multi_kernel_manager_class = PreparedKernels
            first = first_pools(pools, self.class_lesson)
            self.update_config(Config({"VoilaKernelManager": {"kernel_pools_config": first,
                                                              "fill_delay": CLASS_FILL_DELAY}}))
        if not issubclass(self.voila_configuration.multi_kernel_manager_class, BoundedKernels):
            self.voila_configuration.multi_kernel_manager_class = BoundedKernels
        memory = available_mb()  # before any kernel starts (they start once the server runs)
        settings: dict[str, Any] = super().init_settings()
        settings[SETTING] = Gate(Visitors(self.kernels_per_visitor), self.kernel_maximum(memory, pools))
        if pools is not None:
            manager: Any = self.kernel_manager
            manager.get_pool_size = partial(ready_kernels, manager)
            manager.prepare_class(self.class_lesson, pools, STARTED)
            self.log.info("Class mode: %d students; prepared first: %d kernels for %s, %d at once; then %d for each "
                          "other lesson, one at a time", self.class_size, pools[self.class_lesson]["pool_size"],
                          self.class_lesson, manager.turns, pools["default"]["pool_size"])
        return settings

    def kernel_maximum(self, memory_mb: int, pools_config: dict[str, dict[str, int]] | None = None) -> int:
        """``max_kernels``, or as many kernels of ``kernel_mb`` as ``memory_mb`` holds; at least the pools (as
        ``pools_config`` fills them, if given) and then a class (``class_size``) or one visitor's pages."""
        pools = pool_total(self.kernel_manager, pools_config)
        least = pools + max(self.class_size, self.kernels_per_visitor, 1)
        fit = fitting_kernels(memory_mb, self.kernel_mb)
        maximum = self.max_kernels or max(least, fit)
        if maximum <= pools:
            self.log.warning("max_kernels=%d would leave no kernel beyond the pools' %d: %d instead",
                             maximum, pools, pools + 1)
            maximum = pools + 1
        self.log.info("At most %d kernels (pools %d; %d MB available holds %d of %d MB); %d pages a visitor; "
                      "a page's kernel waits %.0f s for its widgets", maximum, pools, memory_mb, fit, self.kernel_mb,
                      self.kernels_per_visitor, self.kernel_manager.connect_grace)
        return maximum

    def init_handlers(self) -> list[Any]:
        swapped = {TornadoVoilaHandler: GatedRender, VoilaKernelWebsocketHandler: GatedKernelSocket}
        voila = [(route[0], swapped[route[1]], *route[2:]) if route[1] in swapped else route
                 for route in super().init_handlers()]
        return [*app_routes(self.ip, self.port, self.server_url), *self.class_routes(),
                *voila]  # the shared tables and the class, before Voilà's catch-all

    def class_routes(self) -> list[Any]:
        """The class's names, progress and teacher's page, when the app runs for a class (``--class``, or a store
        named in ``BULKA_CLASS_DB``); the store and the teacher's link are printed in the log."""
        if self.class_size <= 0 and not os.environ.get(DB_ENV):
            return []
        routes, classroom = app_class_routes(self.server_url)
        self.log.info("The class's data: %s (%s)", classroom.store.where, DB_ENV)
        self.log.info("The teacher's page: http://%s:%d%s%steacher?token=%s", local_host(self.ip), self.port,
                      self.server_url.rstrip("/") + "/", CLASS_PREFIX, classroom.teacher_token)
        return routes


main = LessonsApp.launch_instance
