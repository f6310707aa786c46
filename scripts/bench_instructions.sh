#!/usr/bin/env bash
# Instructions per complete random deal, counted by valgrind (steady on a shared machine, unlike seconds).
# Needs valgrind (apt-get install -y valgrind). Usage: bash scripts/bench_instructions.sh [DEALS]
set -euo pipefail
cd "$(dirname "$0")/.."
deals="${1:-500}"
py=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')  # the binary, not a shim script
export PYTHONPATH="$PWD" PYTHONHASHSEED=0
setup='from bulka_teach import Record; import bulka_teach.bench, bulka_teach.czech.view, bulka_teach.czech.text
Record(game="czech-bulka", players=("A", "B"), seed=1).start()'
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" -c "$1" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
base=$(count "$setup")
full=$(count "$setup
bulka_teach.bench.random_deals($deals, ('A', 'B'), 1)")
echo "instructions per complete random deal (2 players, $deals deals): $(( (full - base) / deals ))"
