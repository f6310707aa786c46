"""A Voilà (or Jupyter) server for the browser tests and the app benchmark: start it, read its log, find its kernels."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import psutil
from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CULL_IDLE_SECONDS = 60  # the shipped 1800 s would outlast the test run; as long as a page may take to draw its
# widgets (WIDGET_TIMEOUT_MS): at 20 s a loaded CI culled a connected lesson kernel before its last widgets came
CULL_INTERVAL_SECONDS = 2
PRACTICE = "czech-bulka/10-practice.ipynb"
KERNEL_PROGRAMS = {"ipykernel_launcher", "bulka_teach.serve.kernel"}  # the module a kernel's command line runs
WIDGET_TIMEOUT_MS = 60_000  # a lesson's cells run before its widgets appear; CI shares two cores


def free_port() -> int:
    """A port nobody listens on now (the OS picks it, outside the ranges people use by hand)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def lesson_paths() -> list[str]:
    """Every lesson notebook, relative to ``lessons/`` (the paths Voilà serves)."""
    return sorted(str(path.relative_to(LESSONS)) for path in LESSONS.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in path.parts)


def shown_cells(path: str) -> int:
    """How many cells of the notebook a learner sees (those not tagged ``hide``)."""
    cells = json.loads((LESSONS / path).read_text(encoding="utf-8"))["cells"]
    return sum("hide" not in cell.get("metadata", {}).get("tags", []) for cell in cells)


@dataclass
class Server:
    """A running Jupyter/Voilà server: its base URL, its process and its log file."""

    url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def kernels(self) -> list[psutil.Process]:
        """The kernel processes this server started (children running one of ``KERNEL_PROGRAMS``)."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        alive = []
        for child in children:
            try:
                if KERNEL_PROGRAMS & set(child.cmdline()):
                    alive.append(child)
            except (psutil.NoSuchProcess, psutil.ZombieProcess):
                continue
        return alive

    def wait_for_log(self, text: str, timeout: float = 60, count: int = 1) -> None:
        """Wait until the log holds ``text`` ``count`` times (or fail, showing the log)."""
        deadline = time.monotonic() + timeout
        while self.log().count(text) < count:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server never logged {text!r} {count}×; its log:\n{self.log()[-4000:]}")
            time.sleep(0.2)

    def kernel(self, kernel_id: str) -> psutil.Process | None:
        """The process of the kernel with this id (its connection file is named after it), if it runs."""
        return next((k for k in self.kernels() if kernel_id in " ".join(k.cmdline())), None)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def start_server(command: list[str], log_path: Path, url: str, ready_path: str, cwd: Path = REPO,
                 env: dict[str, str] | None = None) -> Server:
    """Start ``command`` and wait until ``url + ready_path`` answers 200 (or fail with the server's log)."""
    log_file = log_path.open("wb")
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=log_file, stderr=subprocess.STDOUT)
    server = Server(url=url, process=process, log_path=log_path)
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(url + ready_path, timeout=5) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            server.stop()
            raise AssertionError(f"the server did not start: {' '.join(command)}\n{server.log()[-4000:]}")
        time.sleep(0.3)


def voila_command(port: int, *extra: str) -> list[str]:
    """The app as ``scripts/app.sh`` runs it (Voilà through ``bulka_teach.serve``; the root ``voila.json``
    applies), on ``port``."""
    return [sys.executable, "-m", "bulka_teach.serve", "lessons", "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1",
            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
            f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}", *extra]


KERNEL_URL = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")


def kernel_ids(page: Page) -> list[str]:
    """Collects, from now on, the id of the kernel each websocket of ``page`` talks to."""
    ids: list[str] = []
    page.on("websocket", lambda ws: ids.extend(KERNEL_URL.findall(ws.url)))
    return ids


def open_lesson(page: Page, server: Server, path: str, query: str = "") -> None:
    """Open a lesson as a learner does and wait until its cells ran and its widgets are drawn."""
    # not "load": that also waits for icon fonts from a CDN, which never come offline
    page.goto(f"{server.url}/voila/render/{path}{query}", timeout=WIDGET_TIMEOUT_MS, wait_until="domcontentloaded")
    page.wait_for_selector("#loading", state="detached", timeout=WIDGET_TIMEOUT_MS)
