"""A real `judge run` daemon in a subprocess, for the intake tests: its configuration,
its start and stop, and its peak memory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from rig import PASSWORD, Dovecot, wait_for

ROOT = Path(__file__).resolve().parents[2]
JUDGE = "judge@example.org"


def write_config(
    path: Path,
    db_url: str,
    relay_port: int,
    *,
    smtp_port: int | None = None,
    dovecot: Dovecot | None = None,
    user: str = "",
    limits: str = "",
) -> Path:
    """A judge.toml for SMTP intake on ``smtp_port`` or IMAP intake from ``dovecot``;
    ``limits``: extra lines of the [limits] section."""
    if smtp_port is not None:
        inbound = f'[inbound]\nmode = "smtp"\n[inbound.smtp]\nport = {smtp_port}\n'
    else:
        assert dovecot is not None
        inbound = (
            f'[inbound]\nmode = "imap"\n[inbound.imap]\nport = {dovecot.imap_port}\n'
            f'username = "{user}"\npassword = "{PASSWORD}"\npoll_seconds = 2.0\n'
        )
    path.write_text(
        f'[judge]\naddress = "{JUDGE}"\nstate_dir = "{path.parent}"\n'
        f'[database]\nurl = "{db_url}"\n{inbound}'
        f"[outbound]\nport = {relay_port}\ntimeout_seconds = 5.0\n"
        f"[limits]\n{limits}\n"
    )
    return path


def start_judge(config_path: Path, log_path: Path) -> subprocess.Popen:
    """`judge run` (the real command processor) on ``config_path``; waits until ready."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    log = open(log_path, "ab")  # noqa: SIM115
    cmd = [str(Path(sys.executable).with_name("judge")), "run", "--config", str(config_path)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log)
    wait_for(lambda: b"judge daemon ready" in log_path.read_bytes() or proc.poll() is not None, 60,
             what="the daemon to start")  # fmt: skip
    assert proc.poll() is None, log_path.read_text(errors="replace")[-3000:]
    return proc


def stop_judge(proc: subprocess.Popen) -> int:
    """SIGTERM, wait for the clean stop; return the exit code."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
        raise


def peak_rss_mib(pid: int) -> float:
    """The peak resident memory of a process (VmHWM), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc status")
