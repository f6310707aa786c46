#!/usr/bin/env bash
# Instructions per complete random deal, counted by valgrind (steady on a shared machine, unlike seconds).
# Needs valgrind (apt-get install -y valgrind).
# Usage: bash scripts/bench_instructions.sh [DEALS] [GAME] [PLAYERS]
#   bash scripts/bench_instructions.sh 500                      # Czech Bulka, two players
#   bash scripts/bench_instructions.sh 500 trappola             # Trappola's Partien, two players
#   bash scripts/bench_instructions.sh 300 bouillotte 3         # Bouillotte's hands, three players
set -euo pipefail
cd "$(dirname "$0")/.."
deals="${1:-500}"
game="${2:-czech-bulka}"
players="${3:-2}"
py=$(python3 -c 'import sys; print(sys.executable)')  # the interpreter itself (not a pyenv shim), in its venv
export PYTHONPATH="$PWD" PYTHONHASHSEED=0
names=$(python3 -c "print(tuple('ABCDE'[:$players]))")
# the setup imports the game and plays its first deal's start, so only the deals themselves are counted
setup="from bulka_teach import Record; import bulka_teach.bench
Record(game='$game', players=$names, seed=1).start().view(0)"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" -c "$1" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
base=$(count "$setup")
full=$(count "$setup
bulka_teach.bench.random_deals($deals, $names, 1, '$game')")
echo "instructions per complete random deal ($game, $players players, $deals deals): $(( (full - base) / deals ))"
