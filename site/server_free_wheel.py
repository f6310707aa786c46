"""Take the server's own modules out of the package's wheel for the static site: ``python site/server_free_wheel.py
WHEEL``, in place.

The site runs each lesson's Python in the learner's browser, with no server: the app server's door and kernel
(``bulka_teach/serve/``), the shared tables' service (``bulka_teach/tables/``) and its client
(``bulka_teach/table/table_client.py``, which needs tornado, absent there) are never imported on it, and every byte
is downloaded by every learner on a cold open. ``RECORD`` loses their lines, so the wheel stays valid.
"""
from __future__ import annotations

import sys
import zipfile
from pathlib import Path

SERVER_ONLY = ("bulka_teach/serve/", "bulka_teach/tables/", "bulka_teach/table/table_client.py")


def server_only(name: str) -> bool:
    return name.startswith(SERVER_ONLY)


def strip(wheel: Path) -> int:
    """Rewrite ``wheel`` without the server-only files; the number of files taken out."""
    stripped = wheel.with_suffix(".tmp")
    taken = 0
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(stripped, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if server_only(info.filename):
                taken += 1
                continue
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if not server_only(line)).encode("utf-8")
            target.writestr(info, data)
    stripped.replace(wheel)
    return taken


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(f"server_free_wheel: {strip(Path(path))} server-only files taken out of {Path(path).name}",
              file=sys.stderr)
