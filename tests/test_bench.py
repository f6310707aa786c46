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


def test_bench_openspiel_without_open_spiel_says_so_and_still_measures_ours(monkeypatch, capsys):
    from bulka_teach.bench import against_openspiel
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as where open_spiel is not installed: its import fails
    against_openspiel(deals=3, repeat=1)
    out = capsys.readouterr().out
    assert "OpenSpiel is not installed" in out and "pip install open_spiel" in out
    for title, players in (("Czech Bulka", 2), ("Czech Bulka", 3), ("Trappola", 2), ("Trappola", 3), ("Trappola", 4)):
        assert re.search(rf"{title}.*, {players} players \(event log kept\): best [\d,]+, median [\d,]+\n", out)
    assert "of skat" not in out  # no ratio to a Skat that was not measured
