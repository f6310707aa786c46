"""The ``deal`` query parameter of the page a notebook runs in (Voilà), for ``Practice.from_url``."""
from __future__ import annotations

import logging
import os
from urllib.parse import parse_qs

log = logging.getLogger("bulka_teach.table")


def query_string() -> str:
    """The page's query string under Voilà; "" in JupyterLab, nbval or a plain kernel.

    A preheated Voilà kernel starts before anyone asks for the page: it learns the request
    (and ``QUERY_STRING``) only through ``voila.utils.wait_for_request()``.
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        try:
            from voila.utils import wait_for_request
        except ImportError:
            log.warning("VOILA_PREHEAT is set but voila.utils cannot be imported; no query string")
            return ""
        try:
            wait_for_request()
        except Exception:  # the page still works, with a fresh deal
            log.exception("could not get the request from Voilà")
    return os.environ.get("QUERY_STRING", "")


def deal_param(query: str) -> str | None:
    """The ``deal`` parameter of a query string (``deal=CB2-std-7&x=1`` → ``CB2-std-7``), or None."""
    values = parse_qs(query.lstrip("?")).get("deal")
    return values[0].strip() if values and values[0].strip() else None
