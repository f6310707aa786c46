"""The lessons' kernel bounds itself: the memory cap it reads from the app, and log lines that do not copy 4 MB of a
forged message. (The whole story — a page's banner, a fresh kernel on reload, no traceback in any websocket frame — is
in tests/browser/test_kernel_limits.py.)"""
from __future__ import annotations

import logging
import subprocess
import sys

from bulka_teach.serve.app import LightKernelSpecs
from bulka_teach.serve.kernel_errors import LOG_MESSAGE_CHARS, ShortFormatter
from bulka_teach.serve.memory import HEADROOM_MB, KERNEL_MEMORY_MB, MEMORY_ENV

CAPPED = f"""
import os, resource
from bulka_teach.serve.memory import cap_memory
cap = cap_memory({{"{MEMORY_ENV}": os.environ["CAP"]}})
print(cap)
print(resource.getrlimit(resource.RLIMIT_DATA))
try:
    hoard = bytearray(int(os.environ["ASK_MB"]) << 20)
    print("allocated")
except MemoryError:
    print("MemoryError")
"""


def capped(cap: str, ask_mb: int) -> list[str]:
    """Run ``CAPPED`` in a process of its own (a cap cannot be lifted once set) and return its printed lines."""
    env = {"CAP": cap, "ASK_MB": str(ask_mb), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", CAPPED], env=env, capture_output=True, text=True, timeout=60,
                          check=True)
    return done.stdout.split("\n")


def test_an_allocation_past_the_cap_fails_in_the_kernel_not_on_the_server() -> None:
    cap, limits, outcome, _ = capped("150", 400)
    assert cap == str(150 << 20)
    assert limits == f"({150 << 20}, {(150 + HEADROOM_MB) << 20})", "the hard limit leaves room to say goodbye"
    assert outcome == "MemoryError"
    assert capped("150", 20)[2] == "allocated", "below the cap, memory is the kernel's to use"


def test_no_cap_unless_a_number_of_megabytes_is_given() -> None:
    for value in ("0", "", "lots", "-5", "٢٠٠"):  # "٢٠٠" is 200 in Arabic-Indic digits: not read as 200
        assert capped(value, 400)[0] == "None", value


def test_the_app_passes_its_cap_to_each_kernel() -> None:
    specs = LightKernelSpecs()
    assert specs.get_kernel_spec("python3").env[MEMORY_ENV] == str(KERNEL_MEMORY_MB)
    specs.kernel_memory = 300
    assert specs.get_kernel_spec("python3").env[MEMORY_ENV] == "300"


def test_a_log_line_quotes_a_forged_message_in_a_few_hundred_characters() -> None:
    record = logging.LogRecord("Comm", logging.WARNING, __file__, 1, "No such comm: %s", ("z" * 4_000_000,), None)
    line = ShortFormatter("%(levelname)s | %(message)s").format(record)
    assert len(line) < LOG_MESSAGE_CHARS + 60
    assert line.endswith("… (4,000,014 characters)")
