#!/usr/bin/env bash
# The set-up both commands share: .venv with the package installed in place and the extra named ($1: app or test).
# pip runs only when something it builds from has changed since the last install with that extra: pyproject.toml,
# setup.py, the solvers setup.py compiles (their compiled files must be rebuilt from a changed source), or those
# compiled files themselves gone. Otherwise the app starts without a 30-second rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
extra="$1"
[ -x .venv/bin/python ] || python3 -m venv .venv
compiled=$(grep -o 'bulka_teach/[a-z_/]*\.py' setup.py)
# shellcheck disable=SC2086  # the compiled sources, one word each
state=$({ cat pyproject.toml setup.py $compiled; ls bulka_teach/*.so bulka_teach/*/ai/*.so 2>/dev/null || true; } | sha256sum)
stamp=".venv/.installed-$extra"
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$state" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$extra]"
    echo "$state" > "$stamp"
fi
