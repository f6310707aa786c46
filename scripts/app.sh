#!/usr/bin/env bash
# Set up the app (a .venv with the package, Voilà, ipykernel and the widgets), then serve lessons/ with Voilà on
# http://${HOST:-127.0.0.1}:${PORT:-8866}. Voilà reads voila.json from the folder it starts in (the repository root):
# test cells stripped, no tracebacks, kernel culling, preheated kernels for the index and the practice lesson.
# Extra arguments go to voila (e.g. --VoilaConfiguration.preheat_kernel=False).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[app]"
exec .venv/bin/voila lessons --no-browser --port="${PORT:-8866}" --Voila.ip="${HOST:-127.0.0.1}" "$@"
