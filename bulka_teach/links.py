"""What a lesson page's link asks for: ``?deal=CODE`` (a deal to play), ``?contest=1`` (a contest table) and
``?table=CODE`` (a shared table of classmates).

Read in one place for the two that read links: the practice table in its kernel (``table/url.py``) and the app
server's door (``serve/gate.py``), which refuses a contest deal's other tabs; and the host a server's own links
use (``local_host``), and a JupyterHub service's address (``hub_service_parser``). Standard library only.
"""
from __future__ import annotations

import argparse
from collections.abc import Mapping
from urllib.parse import parse_qs, urlsplit

ANY_ADDRESS = ("", "0.0.0.0", "::", "*")  # a server listening on every address


def local_host(ip: str) -> str:
    """The host a server's own links and kernels use to reach it: loopback where it listens on every address."""
    return "127.0.0.1" if ip in ANY_ADDRESS else ip


def hub_service_parser(prog: str, description: str, port: int, served: str,
                       env: Mapping[str, str]) -> argparse.ArgumentParser:
    """A service's command line (--ip, --port, --base-url), its defaults read from a JupyterHub service's environment
    (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``) when there is one; ``served`` names what is served."""
    service_url = urlsplit(env.get("JUPYTERHUB_SERVICE_URL", ""))
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--ip", default=service_url.hostname or "127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=service_url.port or port, help="the port to listen on")
    parser.add_argument("--base-url", default=env.get("JUPYTERHUB_SERVICE_PREFIX", "/"),
                        help=f"the path {served} served under (a hub service: /services/NAME/)")
    return parser


CLASS_PATH_ENV = "BULKA_CLASS_PATH"  # set by the app for its kernels when it runs for a class: where pages record
NOT_A_CONTEST = ("0", "no", "off", "false")  # ``?contest=`` values that leave a link a practice link


def deal_param(query: str) -> str | None:
    """The ``deal`` parameter of a query string (``deal=CB2-std-7&x=1`` → ``CB2-std-7``; the first if several),
    or None."""
    values = parse_qs(query.lstrip("?")).get("deal")
    return values[0].strip() if values and values[0].strip() else None


def contest_param(query: str) -> bool:
    """Whether a query string asks for a contest table (``contest=1``): any value but 0, no, off or false does, so a
    mistyped contest link stays a contest link."""
    values = parse_qs(query.lstrip("?")).get("contest")
    return values is not None and values[0].strip().lower() not in NOT_A_CONTEST


def table_param(query: str) -> str | None:
    """The ``table`` parameter of a query string (a shared table's code, ``table=KXQMP`` → ``KXQMP``), or None."""
    values = parse_qs(query.lstrip("?")).get("table")
    return values[0].strip().upper() if values and values[0].strip() else None
