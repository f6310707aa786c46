"""The render page sets the ``_xsrf`` cookie, so its shutdown beacon is accepted (voila issue #1458).

When a tab closes, Voilà's page posts ``/voila/api/shutdown/<kernel>`` with the ``_xsrf`` value it reads
from its cookies. Tornado sets that cookie only on a response that asked for the token, and Voilà's render
page never does (its tree page does), so a student who opens a lesson's link gets no cookie, the beacon is
refused (403 "'_xsrf' argument missing") and the kernel lives until culled. The handler here is Voilà's own
render handler that reads the token once, as the tree page does: tornado then sets the cookie. The XSRF
check stays on for every request.

On Voilà the app (``bulka_teach.serve.app``) routes render pages to it; on jupyter_server (Binder,
JupyterHub) this module is a server extension that does the same once Voilà's extension has added its routes.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from jupyter_server.serverapp import ServerApp
from tornado.routing import Rule, RuleRouter
from tornado.web import Application
from voila.tornado.handler import TornadoVoilaHandler

KERNEL_ID = re.compile(r'"kernelId": *"([0-9a-f-]{36})"')  # in the page's config, near its top


class RenderWithXsrfCookie(TornadoVoilaHandler):
    """Voilà's render page, whose response also sets the ``_xsrf`` cookie (read by the page's shutdown beacon).

    It also marks the page's kernel active once the page is sent: a preheated kernel rendered its page long
    before and has been idle since, so the culler (which spares kernels only while they wait in a pool) would
    end it before the student's browser had connected.
    """

    async def get(self, path: str | None = None) -> None:
        _ = self.xsrf_token  # reading the token sets the cookie on this response, before any byte is sent
        await super().get(path=path)

    async def get_generator(self, path: str | None = None) -> AsyncIterator[str]:
        kernel_id = None
        async for html in super().get_generator(path=path):
            if kernel_id is None and (found := KERNEL_ID.search(html)):
                kernel_id = found.group(1)
                self.page_kernel(kernel_id)
            yield html
        if kernel_id is not None and kernel_id in self.kernel_manager:
            kernel: Any = self.kernel_manager.get_kernel(kernel_id)
            kernel.last_activity = datetime.now(UTC)

    def page_kernel(self, kernel_id: str) -> None:
        """Called once the page names its kernel (its first bytes); ``gate.GatedRender`` follows it from there."""


def route_render_pages(app: Application) -> int:
    """Serve every Voilà render route of ``app`` with ``RenderWithXsrfCookie``; how many routes it changed."""
    return _swap(app.default_router) + _swap(app.wildcard_router)


def _swap(router: RuleRouter) -> int:
    changed = 0
    for rule in router.rules:
        changed += _swap_rule(rule)
    return changed


def _swap_rule(rule: Rule) -> int:
    if isinstance(rule.target, RuleRouter):
        return _swap(rule.target)
    if rule.target is TornadoVoilaHandler:
        rule.target = RenderWithXsrfCookie
        return 1
    return 0


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "bulka_teach.serve.xsrf"}]


def _load_jupyter_server_extension(serverapp: ServerApp) -> None:
    """Nothing to do yet: extensions load in alphabetical order, before Voilà's adds its routes."""


async def _start_jupyter_server_extension(serverapp: ServerApp) -> None:
    """Once every extension is loaded, route Voilà's render pages to the handler that sets the cookie."""
    changed = route_render_pages(serverapp.web_app)
    log: Any = serverapp.log
    if changed:
        log.info("bulka_teach.serve.xsrf | Voilà's render pages set the _xsrf cookie (%d route(s))", changed)
    else:
        log.warning("bulka_teach.serve.xsrf | no Voilà render route found: closed tabs keep their kernels "
                    "until culled (is the voila extension enabled?)")
