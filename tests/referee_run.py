"""Running the referee command as a teacher or an outside check does, for every game's referee tests."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def run_referee(data: Any, tmp_path: Path | None = None, raw: str | None = None) -> tuple[int, str, str]:
    """Run the referee on a scenario: from a file when ``tmp_path`` is given, else from standard input."""
    text = raw if raw is not None else json.dumps(data)
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "bulka_teach", "referee"]
    stdin = None
    if tmp_path is not None:
        path = tmp_path / "scenario.json"
        path.write_text(text, encoding="utf-8")
        command.append(str(path))
    else:
        stdin = text
    proc = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60,
                          encoding="utf-8")
    return proc.returncode, proc.stdout, proc.stderr


def report_of(data: Any, tmp_path: Path | None = None, status: int = 0) -> dict[str, Any]:
    code, out, err = run_referee(data, tmp_path)
    assert code == status, (code, out[-2000:], err[-2000:])
    assert "Traceback" not in err
    return json.loads(out)


def assert_malformed(code: int, out: str, err: str, *names: str) -> str:
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    for stream in (out, err):
        assert len(stream.strip().splitlines()) <= 1, stream
    text = (out + err).strip()
    assert text, "no error message"
    for name in names:
        assert name in text, (name, text)
    return text
