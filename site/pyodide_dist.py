"""Make the static site's own Pyodide folder: the npm ``pyodide`` core plus every wheel the kernel preloads.

The npm package holds only the runtime (``pyodide.js``, ``pyodide.asm.*``, ``python_stdlib.zip``) and a lock
file naming wheels it does not ship. This script writes a new ``pyodide-lock.json`` listing exactly the wheels
given (PyPI's pure wheels, the Pyodide kernel's own wheels, the package's wheel, two empty placeholders), with
their real sha256 (Pyodide checks it), so that ``loadPyodide({packages: [...]})`` loads all of them from the
site's own folder in one go: no micropip resolution and no ``piplite.install`` on any visit.

The wheels and the standard library's zip come byte-compiled (``precompile.mjs``); their metadata stays, so
``importlib.metadata`` (the game registry's entry points) works in the browser as in any install.

usage: python site/pyodide_dist.py NPM_PACKAGE_DIR OUT_DIR STDLIB_ZIP WHEEL...
prints the names to preload, one a line (for ``loadPyodideOptions.packages``).
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

# The runtime files a browser needs; the rest of the npm package (types, maps, consoles) is left out.
CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")

# Empty placeholder distributions. jupyterlite-pyodide-kernel 0.7.0 installs "sqlite3" and "jedi" unless they
# are preloaded: Pyodide 0.29's sqlite3 is a wasm module on neither PyPI nor npm (IPython runs without it), and
# jedi (1.6 MB, with parso) serves only tab completion, which a lesson page without code never asks for. With
# an empty "jedi", ``import jedi`` fails and IPython turns completion by jedi off, as it does wherever jedi is
# not installed.
PLACEHOLDERS = {"sqlite3": "0.0.1", "jedi": "0.0.1"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def placeholder_wheel(name: str, version: str, folder: Path) -> Path:
    """A valid wheel holding only its metadata."""
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            "Summary: empty placeholder for the bulka_teach static site (nothing to import)\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: bulka_teach site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    files[f"{dist}/RECORD"] = "\n".join([*record, f"{dist}/RECORD,,"]) + "\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return wheel


def wheel_entry(wheel: Path) -> tuple[str, dict]:
    """The lock entry of a pure wheel: name and version from its metadata, the top-level imports it holds."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        text = archive.read(metadata).decode("utf-8")
    name = re.search(r"^Name: (.+)$", text, re.M).group(1).strip()  # type: ignore[union-attr]
    version = re.search(r"^Version: (.+)$", text, re.M).group(1).strip()  # type: ignore[union-attr]
    tops = sorted({n.split("/")[0].removesuffix(".py").removesuffix(".pyc") for n in names
                   if not n.split("/")[0].endswith((".dist-info", ".data"))})
    return canonical(name), {
        "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
        "imports": tops, "depends": [], "unvendored_tests": False,
    }


def build(npm_dir: Path, out: Path, stdlib: Path, wheels: list[Path]) -> list[str]:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in CORE:
        shutil.copy2(stdlib if name == "python_stdlib.zip" else npm_dir / name, out / name)
    shipped = [*wheels, *(placeholder_wheel(n, v, out) for n, v in PLACEHOLDERS.items())]
    lock = json.loads((npm_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, dict] = {}
    for wheel in shipped:
        if wheel.parent != out:
            shutil.copy2(wheel, out / wheel.name)
        key, entry = wheel_entry(out / wheel.name)
        if key in packages:
            sys.exit(f"pyodide_dist: two wheels for {key}: {packages[key]['file_name']}, {wheel.name}")
        packages[key] = entry
    lock["packages"] = dict(sorted(packages.items()))
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    # the kernel skips its own installs only for the names it asks for, spelled as it spells them
    kernel_names = {"pyodide-kernel": "pyodide_kernel"}
    return [kernel_names.get(key, key) for key in packages]


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    npm, out, stdlib, *wheels = (Path(arg) for arg in sys.argv[1:])
    print("\n".join(build(npm, out, stdlib, wheels)))
