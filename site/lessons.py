"""Copy the lessons for the static site: the cells tagged ``hide`` (the lessons' own checks) left out, as
Voilà leaves them out of the page, no outputs, and the Pyodide kernel named.

usage: python site/lessons.py LESSONS_DIR OUT_DIR
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HIDDEN_TAG = "hide"  # voila.json: TagRemovePreprocessor.remove_cell_tags
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def strip(notebook: dict) -> dict:
    cells = []
    for cell in notebook["cells"]:
        if HIDDEN_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        if cell["cell_type"] == "code":
            cell = {**cell, "outputs": [], "execution_count": None}
        cells.append(cell)
    metadata = {k: v for k, v in notebook["metadata"].items() if k != "widgets"}
    return {**notebook, "cells": cells, "metadata": {**metadata, "kernelspec": KERNELSPEC}}


def copy(src: Path, out: Path) -> list[Path]:
    shutil.rmtree(out, ignore_errors=True)
    written = []
    for path in sorted(src.rglob("*")):
        if path.is_dir() or any(part.startswith(".") for part in path.relative_to(src).parts):
            continue
        target = out / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            notebook = strip(json.loads(path.read_text(encoding="utf-8")))
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(target)
        else:
            shutil.copy2(path, target)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    for notebook in copy(Path(sys.argv[1]), Path(sys.argv[2])):
        print(notebook)
