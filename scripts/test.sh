#!/usr/bin/env bash
# Set up everything the tests need, then run every test: tests/ (engine, table, bots, browser) and lessons/ under nbval.
#   - a .venv with the package and its `test` extras (pytest, hypothesis, nbval, Playwright for Python, psutil);
#   - Debian's chromium for the browser tests when /usr/bin/chromium is missing (never `playwright install`);
#   - Debian's PostgreSQL, started, for the class store's tests (scripts/postgres.sh).
# Arguments go to pytest: `bash scripts/test.sh -k referee`, `bash scripts/test.sh tests/browser`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh test  # .venv and the package, installed again only when its build changed

if [ ! -x /usr/bin/chromium ]; then
    echo "test.sh: /usr/bin/chromium is missing; installing Debian's chromium for the browser tests" >&2
    if command -v apt-get >/dev/null; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq chromium >/dev/null \
            || echo "test.sh: could not install chromium: the browser tests will fail" >&2
    else
        echo "test.sh: no apt-get here: install Chromium at /usr/bin/chromium, or the browser tests fail" >&2
    fi
fi

# Debian's PostgreSQL for the class store's tests (they run on SQLite and on PostgreSQL).
bash scripts/postgres.sh || echo "test.sh: PostgreSQL could not be started: the class store's PostgreSQL tests fail in CI, \
are skipped elsewhere" >&2

# pyproject.toml's [tool.pytest.ini_options] collects tests/ and lessons/ (nbval, lax); pytest's exit 5
# (nothing collected) fails this script like any other failure.
exec .venv/bin/python -m pytest "$@"
