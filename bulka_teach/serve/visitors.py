"""Who asks for lesson pages, and which pages (kernels) each of them holds.

A visitor is an address and the cookie ``bulka_visitor`` the server gives every browser: a class behind one
school address is thirty visitors, each browser with its own cookie. A request without the cookie (a first
visit, or a program such as ``curl``) is counted with every other such request from its address, until its
page's widgets connect with the cookie the page set (``Visitors.confirm``). Nothing here knows tornado or
Voilà: ``gate`` asks and decides, ``kernels`` ends kernels.
"""
from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..links import contest_param, deal_param

COOKIE = "bulka_visitor"
TOKEN = re.compile(r"[0-9a-f]{32}")  # what ``new_token`` makes; any other value is no cookie of ours
DEAL_CHARACTERS = 64  # a deal code is compared on at most this many characters (codes are ~20)
PRACTICE_SUFFIX = "-practice.ipynb"  # the practice lessons, where ``?contest=1`` means a contest table


def new_token() -> str:
    """A fresh visitor cookie value: 128 random bits, in hex."""
    return secrets.token_hex(16)


def token_of(cookie: str | None) -> str | None:
    """The visitor token a cookie value holds, or ``None`` if it holds none of ours."""
    return cookie if cookie is not None and TOKEN.fullmatch(cookie) else None


def practice_deal(path: str, query: str) -> tuple[str, bool] | None:
    """The deal code a practice lesson's page request opens (``deal=CODE``, read as the table reads it), case-folded
    for comparison, and whether as a contest (``contest=1``); ``None`` for any other page."""
    if not path.endswith(PRACTICE_SUFFIX):
        return None
    code = deal_param(query)
    return None if code is None else (code[:DEAL_CHARACTERS].casefold(), contest_param(query))


@dataclass(frozen=True)
class Visitor:
    """An address and the visitor cookie its request carried (``None``: it carried none)."""

    address: str
    token: str | None

    @property
    def has_cookie(self) -> bool:
        return self.token is not None


@dataclass(eq=False)
class Page:
    """One page request and the kernel it got, from the request on."""

    visitor: Visitor
    deal: str | None = None  # the practice deal it opened (``practice_deal``)
    contest: bool = False  # as a contest
    opened: float = field(default_factory=time.monotonic)
    kernel_id: str | None = None  # known once the page names it (its first bytes)
    finished: bool = False  # its request has ended
    abandoned: bool = False  # its connection closed before its last byte (a reload, a closed tab, a script)
    given_up: bool = False  # given up for a newer page of its visitor while its request was under way


class Visitors:
    """The pages each visitor holds; at most ``limit`` each (``make_room`` says which to give up)."""

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit)
        self._pages: dict[Visitor, list[Page]] = {}

    def open(self, visitor: Visitor, deal: tuple[str, bool] | None = None) -> Page:
        page = Page(visitor, *(deal or (None, False)))
        self._pages.setdefault(visitor, []).append(page)
        return page

    def pages(self, visitor: Visitor) -> list[Page]:
        """The visitor's pages, oldest first."""
        return list(self._pages.get(visitor, ()))

    def all_pages(self) -> list[Page]:
        return [page for pages in self._pages.values() for page in pages]

    def drop(self, page: Page) -> None:
        pages = self._pages.get(page.visitor, [])
        if page in pages:
            pages.remove(page)
        if not pages:
            self._pages.pop(page.visitor, None)

    def prune(self, alive: Callable[[str], bool]) -> None:
        """Forget pages whose kernel is gone (closed tab, culled, ended), or whose request ended without one."""
        for page in self.all_pages():
            if page.kernel_id is None and page.finished or page.kernel_id is not None and not alive(page.kernel_id):
                self.drop(page)

    def make_room(self, visitor: Visitor) -> list[Page]:
        """The visitor's oldest pages to give up so that one more fits within ``limit`` (none if it fits)."""
        pages = self.pages(visitor)
        return pages[:max(0, len(pages) - self.limit + 1)]

    def waiting(self) -> int:
        """Pages whose request is under way and whose kernel is not known yet (each about to hold one)."""
        return sum(page.kernel_id is None and not page.finished for page in self.all_pages())

    def rival_pages(self, visitor: Visitor, deal: str, contest: bool) -> list[Page]:
        """The visitor's pages that a new page of ``deal`` (as a contest or not) may not open beside, their
        requests not abandoned: any page of the deal for a contest; a contest page of it for a practice page."""
        return [page for page in self.pages(visitor)
                if page.deal == deal and (contest or page.contest) and not page.abandoned]

    def confirm(self, kernel_id: str, visitor: Visitor) -> None:
        """A page's widgets connected with ``visitor``'s cookie: a page asked for without the cookie (counted with
        its address's cookie-less requests) is that visitor's from now on."""
        if not visitor.has_cookie:
            return
        for page in self.pages(Visitor(visitor.address, None)):
            if page.kernel_id == kernel_id:
                self.drop(page)
                page.visitor = visitor
                self._pages.setdefault(visitor, []).append(page)
                self._pages[visitor].sort(key=lambda p: p.opened)
