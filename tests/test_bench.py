"""The benchmark command runs and prints its figures (figures are never asserted as timings)."""
import re
import subprocess
import sys


def test_bench_engine_prints_deals_per_second_and_costs():
    out = subprocess.run([sys.executable, "-m", "bulka_teach", "bench", "engine", "--deals", "60", "--repeat", "1"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert re.search(r"2 players: complete random deals per second best [\d,]+", out)
    assert re.search(r"3 players: complete random deals per second best [\d,]+", out)
    assert re.search(r"legal_actions .* p50 [\d.]+ µs", out)
    assert re.search(r"view\(seat to move\) .* p95 \d+ µs", out)
