#!/usr/bin/env bash
# Set up the app (a .venv with the package, Voilà, ipykernel and the widgets), then serve lessons/ with Voilà on
# http://${HOST:-127.0.0.1}:${PORT:-8866}. Voilà runs through bulka_teach.serve (the render page sets the cookie
# a closed tab's shutdown beacon needs) and reads voila.json from the folder it starts in (the repository root):
# test cells stripped, no tracebacks, the lighter kernel, culling of kernels whose page is gone, preheated kernels.
#   CLASS=30   class mode: kernels prepared for 30 students arriving at once (README: "A class on one machine");
#   LESSON=…   the lesson the class opens first (default czech-bulka/10-practice.ipynb).
# Extra arguments go to voila (e.g. --VoilaConfiguration.preheat_kernel=False), and the app's bounds on kernels:
#   --max-kernels=N (default: as many as the memory holds), --kernels-per-visitor=4, --connect-grace=20 (seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh app  # .venv and the package, installed again only when its build changed
class_args=()
if [ -n "${CLASS:-}" ]; then
    class_args+=("--class=${CLASS}")
    if [ -n "${LESSON:-}" ]; then class_args+=("--lesson=${LESSON}"); fi
fi
exec .venv/bin/python -m bulka_teach.serve lessons --no-browser --port="${PORT:-8866}" --Voila.ip="${HOST:-127.0.0.1}" \
    "${class_args[@]}" "$@"
