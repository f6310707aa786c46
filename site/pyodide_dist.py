"""Make the static site's own Pyodide folder: the npm ``pyodide`` core, with every module the lessons need inside
its standard library's zip.

The npm package holds only the runtime (``pyodide.js``, ``pyodide.asm.*``, ``python_stdlib.zip``) and a lock
file naming wheels it does not ship. Pyodide fetches ``python_stdlib.zip`` as it starts and imports from it in
place (``zipimport``: nothing is unpacked), so this script writes into that one zip the standard library and the
contents of every wheel given (PyPI's pure wheels, the Pyodide kernel's own wheels, the package's wheel), their
metadata included: ``importlib.metadata`` (the game registry's entry points) reads it from the zip as from any
install. Installing the same wheels one by one (``loadPyodide({packages})``: fetch, check, unpack each into
site-packages) took the largest part of a page's start.

The Pyodide kernel installs a few packages itself (``piplite.install``) unless they are named in
``loadPyodideOptions.packages``: the lock written here names each of them, as an empty archive, so the kernel
installs nothing and asks no index. Their code is in the zip with the rest.

The wheels and the standard library's zip come byte-compiled (``precompile.mjs``).

usage: python site/pyodide_dist.py NPM_PACKAGE_DIR OUT_DIR STDLIB_ZIP WHEEL...
prints the names to preload, one a line (for ``loadPyodideOptions.packages``).
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

# The runtime files a browser needs; the rest of the npm package (types, maps, consoles) is left out.
CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm")
STDLIB = "python_stdlib.zip"

# What jupyterlite-pyodide-kernel 0.7.0's worker installs when it starts (worker.js, initPackageManager and
# initKernel), each unless loadPyodideOptions.packages names it. "sqlite3" (Pyodide 0.29's is a wasm module on
# neither PyPI nor npm; IPython runs without it) and "jedi" (tab completion only, which a lesson page without
# code never asks for; IPython turns it off when ``import jedi`` fails) are not shipped at all.
KERNEL_INSTALLS = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")
STAND_IN = "preloaded.zip"  # the empty archive each of them loads: their code is in the standard library's zip

FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # the same zip for the same inputs

# Front-end files inside Python packages: anywidget's JupyterLab and notebook extensions (about 0.5 MB before
# compression), which the browser gets from the site's own labextensions; Python never reads them.
FRONT_END = ("anywidget/labextension/", "anywidget/nbextension/")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_version(wheel: Path) -> tuple[str, str]:
    """(canonical name, version) from a wheel's metadata."""
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        text = archive.read(metadata).decode("utf-8")
    name = re.search(r"^Name: (.+)$", text, re.M).group(1).strip()  # type: ignore[union-attr]
    version = re.search(r"^Version: (.+)$", text, re.M).group(1).strip()  # type: ignore[union-attr]
    return canonical(name), version


def bundle(stdlib: Path, wheels: list[Path], target: Path) -> int:
    """Write ``target``: the standard library's zip and every wheel's files (a wheel's ``.data`` folder, a
    labextension's front end that the site serves itself, left out), with an entry for every folder, which
    ``zipimport`` needs to find a namespace package (``micropip._vendored``). The number of files written."""
    written: set[str] = set()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for source in [stdlib, *wheels]:
            with zipfile.ZipFile(source) as archive:
                for info in archive.infolist():
                    name = info.filename
                    if info.is_dir() or name.split("/")[0].endswith(".data") or name.startswith(FRONT_END):
                        continue
                    if name in written:
                        sys.exit(f"pyodide_dist: {name} is in two of {stdlib.name} and the wheels ({source.name})")
                    parts = name.split("/")[:-1]
                    for folder in ("/".join(parts[:k]) + "/" for k in range(1, len(parts) + 1)):
                        if folder not in written:
                            written.add(folder)
                            out.writestr(zipfile.ZipInfo(folder, date_time=FIXED_TIME), b"")
                    written.add(name)
                    out.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), archive.read(info),
                                 compress_type=zipfile.ZIP_DEFLATED)
    return sum(not name.endswith("/") for name in written)


def stand_ins(out: Path, versions: dict[str, str]) -> dict[str, dict]:
    """Lock entries for the kernel's own installs, each loading the one empty archive ``STAND_IN``."""
    with zipfile.ZipFile(out / STAND_IN, "w"):
        pass
    digest = hashlib.sha256((out / STAND_IN).read_bytes()).hexdigest()
    return {canonical(name): {
        "name": name, "version": versions.get(canonical(name), "0"), "file_name": STAND_IN, "install_dir": "site",
        "sha256": digest, "package_type": "package", "imports": [], "depends": [], "unvendored_tests": False,
    } for name in KERNEL_INSTALLS}


def build(npm_dir: Path, out: Path, stdlib: Path, wheels: list[Path]) -> list[str]:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in CORE:
        shutil.copy2(npm_dir / name, out / name)
    versions = dict(wheel_version(wheel) for wheel in wheels)
    if len(versions) != len(wheels):
        sys.exit("pyodide_dist: two wheels of one distribution")
    files = bundle(stdlib, wheels, out / STDLIB)
    print(f"pyodide_dist: {files} files of the standard library and {len(wheels)} wheels in {STDLIB}",
          file=sys.stderr)
    lock = json.loads((npm_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = stand_ins(out, versions)
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return list(KERNEL_INSTALLS)  # spelled as the kernel spells them: it skips only the names it finds


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    npm, out, stdlib, *wheels = (Path(arg) for arg in sys.argv[1:])
    print("\n".join(build(npm, out, stdlib, wheels)))
