#!/usr/bin/env bash
# Debian's PostgreSQL for the class store's tests: installed when missing, its cluster started, and a role for the
# user running the tests (who may then create the tests' throwaway databases). CI runs it before the tests
# (.ci/run); on a machine without it, the PostgreSQL half of tests/test_class_store.py is skipped.
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null; then
    echo "postgres.sh: installing Debian's postgresql" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi
cluster=$(pg_lsclusters --no-header | head -1)
if [ -z "$cluster" ]; then
    version=$(ls /usr/lib/postgresql | sort -n | tail -1)
    pg_createcluster "$version" main >/dev/null
    cluster=$(pg_lsclusters --no-header | head -1)
fi
read -r version name _ <<<"$cluster"
pg_ctlcluster "$version" "$name" start 2>/dev/null || true  # already running is fine
me=$(id -un)
for _ in $(seq 1 30); do
    if su postgres -c "psql -qtAc 'SELECT 1'" >/dev/null 2>&1; then break; fi
    sleep 1
done
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = '$me'\"" | grep -q 1 \
    || su postgres -c "psql -qc 'CREATE ROLE \"$me\" SUPERUSER LOGIN'"
echo "postgres.sh: PostgreSQL $version/$name is up for $me (postgresql:///postgres)"
