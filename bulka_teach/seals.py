"""A seal on what a class's kernel reports through the student's browser (a game of the class deal): an HMAC of the
report under a key only the class's server and its kernels hold, so a page cannot forge a result.

The report travels as JSON through the browser, which writes ``1.0`` as ``1``: ``canonical`` reads every whole
float as an integer on both sides before sealing. Standard library only.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

SEAL_ENV = "BULKA_CLASS_SEAL"  # the key, set by the class's server for its kernels (never sent to a page)


def canonical(value: Any) -> Any:
    """``value`` with every whole float as an integer (``1.0`` → ``1``), as it reads after a trip through a browser."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(item) for item in value]
    return value


def seal(report: dict[str, Any], key: str) -> str:
    """The seal of ``report`` (its ``seal`` entry left out) under ``key``."""
    body = {name: item for name, item in report.items() if name != "seal"}
    text = json.dumps(canonical(body), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def is_sealed(report: dict[str, Any], key: str) -> bool:
    """Whether ``report`` carries the seal of ``key`` (compared in constant time)."""
    given = report.get("seal")
    return isinstance(given, str) and hmac.compare_digest(given, seal(report, key))
