#!/usr/bin/env bash
# Set up the app (a .venv with the package, Voilà and the widgets), then serve the lessons with Voilà.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[app]"
exec .venv/bin/voila lessons --no-browser --port="${PORT:-8866}" --Voila.ip="${HOST:-127.0.0.1}" "$@"
