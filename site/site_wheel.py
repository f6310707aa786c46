"""The package's wheel as the static site ships it: ``python site/site_wheel.py WHEEL``, in place, without the
server's own modules and without the README in its metadata.

The site runs each lesson's Python in the learner's browser, with no server: the app server's door and kernel
(``bulka_teach/serve/``), the shared tables' service (``bulka_teach/tables/``), the class's data
(``bulka_teach/classroom/``) and the tables' client
(``bulka_teach/table/table_client.py``, which needs tornado, absent there) are never imported on it, and every byte
is downloaded by every learner on a cold open. ``RECORD`` loses their lines, so the wheel stays valid. The
metadata's description (this README, 55 kB compressed) is read by no one in a browser: ``METADATA`` keeps its
headers alone.
"""
from __future__ import annotations

import base64
import hashlib
import sys
import zipfile
from pathlib import Path

SERVER_ONLY = ("bulka_teach/serve/", "bulka_teach/tables/", "bulka_teach/classroom/",
               "bulka_teach/table/table_client.py")


def server_only(name: str) -> bool:
    return name.startswith(SERVER_ONLY)


def record_line(name: str, data: bytes) -> str:
    """A ``RECORD`` line for a file of the wheel: its name, sha256 (urlsafe base64, unpadded) and size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}\n"


def strip(wheel: Path) -> int:
    """Rewrite ``wheel`` without the server-only files and the description; the number of files taken out."""
    stripped = wheel.with_suffix(".tmp")
    taken = 0
    rewritten: dict[str, str] = {}  # name → its new RECORD line
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(stripped, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if server_only(info.filename):
                taken += 1
                continue
            data = source.read(info)
            if info.filename.endswith(".dist-info/METADATA"):
                data = data.split(b"\n\n", 1)[0] + b"\n"  # the headers; the description follows the first blank line
                rewritten[info.filename] = record_line(info.filename, data)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(rewritten.get(line.split(",", 1)[0], line) for line in lines
                               if not server_only(line)).encode("utf-8")
            target.writestr(info, data)
    stripped.replace(wheel)
    return taken


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(f"site_wheel: {strip(Path(path))} server-only files and the description taken out of {Path(path).name}",
              file=sys.stderr)
