"""Write the site's ``jupyter-lite.json``: the Pyodide kernel finds its own packages preloaded (their code is in
the site's Pyodide, ``pyodide_dist.py``), so it installs nothing and never asks PyPI.

usage: python site/config.py PRELOAD_LIST > jupyter-lite.json
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def config(preload: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "bulka_teach",
            "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": preload},
            }},
        },
    }


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    names = [line.strip() for line in Path(sys.argv[1]).read_text().splitlines() if line.strip()]
    print(json.dumps(config(names), indent=1))
