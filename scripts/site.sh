#!/usr/bin/env bash
# Build the static site: the lessons rendered as Voilà renders them (Voici), Python running in the learner's
# browser (Pyodide), into _site/ (or $SITE_OUT). Needs only PyPI and npm; the built site asks no other host.
#   bash scripts/site.sh                 # build _site/
#   bash scripts/site.sh --serve         # build, then serve it on http://127.0.0.1:8000 (PORT=…)
# The build environment (its own venv, the npm Pyodide, the downloaded wheels) is cached under site/.cache/,
# keyed by the pins in site/*.txt; delete that folder to start afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$(realpath -m "${SITE_OUT:-_site}")
CACHE=$ROOT/site/.cache
PYODIDE_VERSION=0.29.3   # the Pyodide of jupyterlite-pyodide-kernel 0.7.0 (its constants.py: 0.29.x)
PY=${SITE_PYTHON:-python3}
PIP_QUIET=(--quiet --disable-pip-version-check)
mkdir -p "$CACHE"
started=$(date +%s)

# 1. The build environment, apart from the project's .venv (voici-core pins its own JupyterLab stack).
key=$(cat site/requirements-build.txt site/constraints-build.txt | sha256sum | cut -c1-12)
VENV=$CACHE/venv-$key
if [ ! -x "$VENV/bin/voici" ]; then
    echo "site.sh: making the build environment in $VENV" >&2
    rm -rf "$CACHE"/venv-*
    "$PY" -m venv "$VENV"
    "$VENV/bin/pip" install "${PIP_QUIET[@]}" -r site/requirements-build.txt -c site/constraints-build.txt
fi

# 2. Pyodide's runtime from npm (the core only: no package wheels).
NPM=$CACHE/npm/pyodide-$PYODIDE_VERSION
if [ ! -f "$NPM/package/pyodide.asm.wasm" ]; then
    echo "site.sh: fetching pyodide@$PYODIDE_VERSION from npm" >&2
    rm -rf "$NPM" && mkdir -p "$NPM"
    (cd "$NPM" && npm pack --silent "pyodide@$PYODIDE_VERSION" >/dev/null && tar xzf "pyodide-$PYODIDE_VERSION.tgz")
fi

# 3. The browser's wheels from PyPI (pure wheels for Python 3.13, Pyodide 0.29's).
key=$(sha256sum site/requirements-pyodide.txt | cut -c1-12)
WHEELS=$CACHE/wheels-$key
if [ ! -f "$WHEELS/.complete" ]; then
    echo "site.sh: downloading the browser's wheels" >&2
    rm -rf "$CACHE"/wheels-* && mkdir -p "$WHEELS"
    "$VENV/bin/pip" download "${PIP_QUIET[@]}" --no-deps --only-binary :all: --platform any --implementation py \
        --abi none --python-version 3.13 -d "$WHEELS" -r site/requirements-pyodide.txt
    touch "$WHEELS/.complete"
fi

# 4. The lite folder: lessons without their test cells; the Pyodide folder, every module in its standard library's
#    zip (nothing to install or unpack when a page starts).
WORK=$CACHE/work
rm -rf "$WORK" && mkdir -p "$WORK/dist" "$WORK/lite/static"
# BULKA_COMPILE=0: a pure-Python wheel (setup.py would compile the solvers for this machine, not for Pyodide)
BULKA_COMPILE=0 "$VENV/bin/pip" wheel "${PIP_QUIET[@]}" --no-deps --no-build-isolation -w "$WORK/dist" "$ROOT" \
    >/dev/null 2>&1 || BULKA_COMPILE=0 "$VENV/bin/pip" wheel "${PIP_QUIET[@]}" --no-deps -w "$WORK/dist" "$ROOT"
"$VENV/bin/python" site/site_wheel.py "$WORK"/dist/*.whl  # no server modules, no README in its metadata
KERNEL_WHEELS=$VENV/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi
"$VENV/bin/python" site/lessons.py lessons "$WORK/lite/files" >/dev/null
mkdir -p "$WORK/wheels"
cp "$WORK"/dist/*.whl "$WHEELS"/*.whl "$KERNEL_WHEELS"/ipykernel-*.whl "$KERNEL_WHEELS"/piplite-*.whl \
    "$KERNEL_WHEELS"/pyodide_kernel-*.whl "$KERNEL_WHEELS"/widgetsnbextension-4.*.whl "$WORK/wheels/"
"$VENV/bin/python" site/ipython_wheel.py "$WORK"/wheels/ipython-*.whl  # IPython.embed (the terminal) imported when called
node site/precompile.mjs "$NPM/package" "$WORK/wheels" "$WORK/lite/files" "$WORK/compiled" >"$WORK/precompile.log"
"$VENV/bin/python" site/pyodide_dist.py "$NPM/package" "$WORK/lite/static/pyodide" "$WORK/compiled/python_stdlib.zip" \
    "$WORK"/compiled/*.whl > "$WORK/preload.txt"
"$VENV/bin/python" site/config.py "$WORK/preload.txt" > "$WORK/lite/jupyter-lite.json"

# 5. Build, then take out what a page never asks for and the two links to a CDN in Voilà's template.
rm -rf "$OUT"
(cd "$WORK/lite" && "$VENV/bin/voici" build --contents files --output-dir "$OUT" --no-sourcemaps \
    --no-unused-shared-packages --strip_sources=True --show_tracebacks=False --theme=light --classic-tree=True \
    --log-level=WARN)
"$VENV/bin/python" site/finish.py "$OUT"
echo "site.sh: built $OUT ($(du -sh "$OUT" | cut -f1), $(find "$OUT" -type f | wc -l) files) in $(( $(date +%s) - started )) s" >&2

if [ "${1:-}" = "--serve" ]; then
    echo "site.sh: serving on http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops)" >&2
    exec "$PY" -m http.server "${PORT:-8000}" --bind 127.0.0.1 --directory "$OUT"
fi
