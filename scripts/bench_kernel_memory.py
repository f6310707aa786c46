"""A practice kernel's memory over many deals with Hint and Review: RSS of a real kernel process, before and after.

Prints figures, asserts nothing. For each game a kernel is started as the app starts a lesson's kernel
(``bulka_teach.serve.kernel``, IPython's kernel without the debugger, with the app's ``KERNEL_ENV``:
``MALLOC_ARENA_MAX=2``), with ``PYTHONPATH`` set to the checkout measured. In it a practice table is built
and shown as the practice lesson does (``Practice(...)``, its widget displayed: the comms exist as on a page),
then driven as the page's widgets drive it, without a browser (``table.send_from_browser``): a random legal
card or button at each decision, Hint before ``--hint`` of the decisions (a fraction), Review (and one of its
decisions chosen, then Back to the game) after every ``--review``-th deal, Continue after each deal and a new
deal code when a game is decided. Deal codes and clicks are seeded, so two checkouts play the same deals
as long as their bots agree.

Between batches of 100 deals the kernel is idle and its RSS is read (psutil, the kernel's process); the
peak is the kernel's ``VmHWM`` (the most RSS it ever held). ``--root DIR`` measures another checkout
(e.g. ``git worktree add /tmp/main27 main``) the same way, in the same run, and the ratios this/other
are printed at the end.

Usage: .venv/bin/python scripts/bench_kernel_memory.py [--deals 1000] [--game czech|trappola|bouillotte|all]
       [--root DIR] [--hint 0.05] [--review 50] [--seed 1]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from jupyter_client.manager import KernelManager

REPO = Path(__file__).resolve().parents[1]
MB = 1024 * 1024
BATCH = 100  # deals between two readings of the kernel's RSS
#: game → (the game's id, the practice lesson's players)
GAMES = {"czech": ("czech-bulka", ("Player", "Computer")),
         "trappola": ("trappola", ("Player", "Computer")),
         "bouillotte": ("bouillotte", ("Player", "Computer 1", "Computer 2"))}
LIGHT_KERNEL = "bulka_teach.serve.kernel"
KERNEL_ENV = {"MALLOC_ARENA_MAX": "2"}  # the app's (bulka_teach.serve.app.KERNEL_ENV), here for any checkout

SETUP = """
import random as _random

from IPython.display import display
from bulka_teach.registry import game_spec
from bulka_teach.table import Practice

_players = {players!r}
_tag = f"{{game_spec({game!r}).tag}}{{len(_players)}}-std"
_bench = {{"rng": _random.Random({seed}), "code": 0, "deals": 0, "decisions": 0, "hints": 0, "reviews": 0}}
_table = Practice(_players, game={game!r}, code=f"{{_tag}}-{seed}")
display(_table.widget)


def _send(message):
    _table.table.send_from_browser(message)


def _choices(ui, rng):
    out = [{{"type": "card", "card": c}} for c in ui["clickable"]]
    for button in ui["buttons"]:
        amount = button.get("amount")
        action = button["action"]
        if amount is not None:  # an amount action (Bouillotte's raise): a random amount it allows
            action = f"{{action}} {{rng.randint(amount['min'], amount['max'])}}"
        out.append({{"type": "action", "action": action}})
    return out


def _play(deals, hint, review):
    rng, target = _bench["rng"], _bench["deals"] + deals
    while _bench["deals"] < target:
        ui = _table.table.ui
        if _table._shown is not None:  # a deal is over on the table
            _bench["deals"] += 1
            if review and _bench["deals"] % review == 0 and _table._reviewable():
                _send({{"type": "control", "name": "review"}})
                items = (_table.table.ui.get("review") or {{}}).get("items") or []
                if items:
                    _send({{"type": "review", "item": rng.randrange(len(items))}})
                _send({{"type": "control", "name": "back"}})
                _bench["reviews"] += 1
            if _table.finished:
                _bench["code"] += 1
                _table.new_deal(f"{{_tag}}-{seed}{{_bench['code']:05d}}")
            else:
                _send({{"type": "control", "name": "continue"}})
            continue
        choices = _choices(ui, rng)
        if not choices:  # the learner sits out: the computer players play their game
            _send({{"type": "control", "name": "continue"}})
            continue
        if rng.random() < hint:
            _send({{"type": "control", "name": "hint"}})
            _bench["hints"] += 1
        _bench["decisions"] += 1
        _send(rng.choice(choices))
    print({{k: v for k, v in _bench.items() if k != "rng"}})
"""


@dataclass
class Run:
    """One kernel's figures: RSS (MB) after each batch, the peak and how long it took."""

    label: str
    game: str
    start: float = 0.0
    readings: list[tuple[int, float]] = field(default_factory=list)
    peak: float = 0.0
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def end(self) -> float:
        return self.readings[-1][1] if self.readings else self.start


def _rss(process: psutil.Process) -> float:
    return process.memory_info().rss / MB


def _peak(process: psutil.Process) -> float:
    """The most RSS the process ever held (Linux's VmHWM)."""
    for line in Path(f"/proc/{process.pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _execute(client, code: str, timeout: float) -> str:
    """Run ``code`` in the kernel; its printed output, or SystemExit with the kernel's error."""
    out: list[str] = []
    failure: list[str] = []

    def hook(message: dict) -> None:
        kind, content = message["header"]["msg_type"], message["content"]
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            failure.append("\n".join(content["traceback"]))

    reply = client.execute_interactive(code, timeout=timeout, output_hook=hook)
    if reply["content"]["status"] != "ok" or failure:
        raise SystemExit(f"the kernel refused the bench's code:\n{''.join(failure) or reply['content']}")
    return "".join(out)


def measure(root: Path, label: str, game: str, args: argparse.Namespace) -> Run:
    """Start a kernel on ``root``'s package, play ``args.deals`` practice deals of ``game`` in it, read its memory."""
    game_id, players = GAMES[game]
    run = Run(label, game)
    manager = KernelManager(kernel_name="python3", transport="ipc", ip=str(Path(tempfile.mkdtemp()) / "kernel"))
    spec = manager.kernel_spec
    assert spec is not None, "IPython's kernel spec is installed with ipykernel"
    spec.argv = [sys.executable, "-m", LIGHT_KERNEL, "-f", "{connection_file}"]
    env = {**os.environ, **KERNEL_ENV, "PYTHONPATH": str(root)}
    manager.start_kernel(env=env, cwd=str(root))
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        process = psutil.Process(manager.provisioner.process.pid)  # type: ignore[union-attr]
        _execute(client, SETUP.format(game=game_id, players=players, seed=args.seed), 300)
        where = _execute(client, "import bulka_teach; print(bulka_teach.__file__)", 30).strip()
        if not where.startswith(str(root)):
            raise SystemExit(f"the kernel imported {where}, not the checkout {root}")
        run.start = _rss(process)
        print(f"  {label:>6} {game:<10} start {run.start:6.1f} MB", flush=True)
        began, done = time.perf_counter(), 0
        while done < args.deals:
            batch = min(BATCH, args.deals - done)
            said = _execute(client, f"_play({batch}, {args.hint}, {args.review})", 3600)
            done += batch
            run.readings.append((done, _rss(process)))
            run.counts = json.loads(said.strip().splitlines()[-1].replace("'", '"'))
            print(f"  {label:>6} {game:<10} {done:5d} deals {run.end:6.1f} MB  "
                  f"({time.perf_counter() - began:5.0f} s)", flush=True)
        run.seconds = time.perf_counter() - began
        run.peak = _peak(process)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    print(f"  {label:>6} {game:<10} peak {run.peak:6.1f} MB, end {run.end:6.1f} MB; {run.counts['decisions']} "
          f"decisions, {run.counts['hints']} hints, {run.counts['reviews']} reviews, {run.seconds:.0f} s", flush=True)
    return run


def report(runs: list[Run], games: list[str]) -> None:
    labels = list(dict.fromkeys(r.label for r in runs))
    by = {(r.label, r.game): r for r in runs}
    print("\nRSS of a practice kernel (MB): start → every 100 deals → end; peak (VmHWM)")
    for game in games:
        for label in labels:
            run = by[(label, game)]
            steps = " ".join(f"{mb:.0f}" for _, mb in run.readings)
            print(f"  {game:<10} {label:>6}: start {run.start:.1f}, end {run.end:.1f}, peak {run.peak:.1f}, "
                  f"growth {run.end - run.start:+.1f}   [{steps}]")
    if len(labels) == 2:
        before, after = labels
        print(f"\nratios {after}/{before} (same run, same machine)")
        for game in games:
            b, a = by[(before, game)], by[(after, game)]
            print(f"  {game:<10} end ×{a.end / b.end:.2f} ({b.end:.1f} → {a.end:.1f} MB), "
                  f"peak ×{a.peak / b.peak:.2f} ({b.peak:.1f} → {a.peak:.1f} MB), "
                  f"growth {b.end - b.start:+.1f} → {a.end - a.start:+.1f} MB, "
                  f"time ×{a.seconds / b.seconds:.2f} ({b.seconds:.0f} → {a.seconds:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="practice deals per game")
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    parser.add_argument("--root", type=Path, default=None,
                        help="another checkout to measure the same way first (e.g. main's, for before/after)")
    parser.add_argument("--hint", type=float, default=0.05, help="the fraction of decisions preceded by Hint")
    parser.add_argument("--review", type=int, default=50, help="Review after every this many deals (0: never)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.deals < 1 or not 0 <= args.hint <= 1 or args.review < 0:
        parser.error("--deals must be at least 1, --hint a fraction from 0 to 1, --review 0 or more")
    games = list(GAMES) if args.game == "all" else [args.game]
    roots = [(args.root.resolve(), "before")] if args.root else []
    roots.append((REPO, "after" if args.root else "this"))
    print(f"practice kernels, {args.deals} deals each, Hint before {args.hint:.0%} of decisions, "
          f"Review every {args.review} deals; Python {sys.version.split()[0]}, "
          f"load {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    for root, label in roots:
        print(f"{label}: {root}")
    runs = [measure(root, label, game, args) for game in games for root, label in roots]
    report(runs, games)


if __name__ == "__main__":
    main()
