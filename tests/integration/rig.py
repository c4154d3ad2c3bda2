"""Real mail servers for tests and benchmarks: Dovecot (IMAP + LMTP) run rootless from a
throwaway configuration, and an aiosmtpd relay that records what it receives."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiosmtpd.controller import Controller

from judge.demo.rig import free_port
from judge.demo.rig import wait_until as wait_for  # noqa: F401 (re-exported for the tests)

DOVECOT_CANDIDATES = ("dovecot", "/usr/sbin/dovecot")
PASSWORD = "pw"
APT_PACKAGES = "dovecot-imapd dovecot-lmtpd"


def find_dovecot() -> str:
    """The dovecot binary; raises (never skips) when it is not installed."""
    for name in DOVECOT_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError(
        f"dovecot is not installed: the mail integration tests need it "
        f"(apt-get install -y {APT_PACKAGES}; `make` does this)"
    )


def _wait_banner(port: int, prefix: bytes, deadline: float) -> None:
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                if s.recv(100).startswith(prefix):
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {prefix!r} banner on port {port}")
        time.sleep(0.02)


CONF = """\
instance_name = {name}
base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
first_valid_uid = 1
mail_location = maildir:~/Maildir
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
mail_fsync = never
passdb {{
  driver = static
  args = password={password}
}}
userdb {{
  driver = static
  args = home={base}/home/%n allow_all_users=yes
}}
namespace inbox {{
  inbox = yes
  separator = /
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = 0
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp_port}
  }}
}}
service anvil {{
  chroot =
}}
service ipc {{
  chroot =
}}
service old-stats {{
  chroot =
}}
"""


@dataclass
class Dovecot:
    """A Dovecot instance in its own temporary directory.  Any user name logs in with
    ``PASSWORD`` and gets a fresh mailbox."""

    root: str = "/tmp"
    imap_port: int = field(default_factory=free_port)
    lmtp_port: int = field(default_factory=free_port)
    base: str = ""
    proc: subprocess.Popen | None = None
    # The configuration text from (this instance, user, group); None: the rig's CONF.
    config: Callable[[Dovecot, str, str], str] | None = None

    def start(self) -> Dovecot:
        """Write the configuration and start the server; wait for its banners."""
        binary = find_dovecot()
        if not self.base:
            self.base = tempfile.mkdtemp(prefix="dv-", dir=self.root)
        os.makedirs(f"{self.base}/home", exist_ok=True)
        run_as: dict = {}
        if os.geteuid() == 0:
            # Dovecot refuses mail uid 0: run every process as nobody.
            user, group = "nobody", "nogroup"
            pw = pwd.getpwnam(user)
            for dirpath, _dirs, files in os.walk(self.base):
                os.chown(dirpath, pw.pw_uid, pw.pw_gid)
                for f in files:
                    os.chown(os.path.join(dirpath, f), pw.pw_uid, pw.pw_gid)
            run_as = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
        else:
            import grp

            user = pwd.getpwuid(os.getuid()).pw_name
            group = grp.getgrgid(os.getgid()).gr_name
        conf = Path(self.base, "dovecot.conf")
        if self.config is not None:
            text = self.config(self, user, group)
        else:
            text = CONF.format(
                name=os.path.basename(self.base),
                base=self.base,
                user=user,
                group=group,
                password=PASSWORD,
                imap_port=self.imap_port,
                lmtp_port=self.lmtp_port,
            )
        conf.write_text(text)
        if run_as:
            os.chown(conf, run_as["user"], run_as["group"])
        stderr = open(Path(self.base, "stderr.log"), "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [binary, "-F", "-c", str(conf)],
            stdout=stderr,
            stderr=stderr,
            start_new_session=True,
            **run_as,
        )
        deadline = time.monotonic() + 15
        try:
            _wait_banner(self.imap_port, b"* OK", deadline)
            _wait_banner(self.lmtp_port, b"220 ", deadline)
        except TimeoutError as exc:
            logs = self.logs()
            self.stop()
            raise RuntimeError(f"dovecot did not start: {exc}\n{logs}") from exc
        return self

    def logs(self) -> str:
        """Dovecot's log and stderr, for error messages."""
        out = []
        for name in ("dovecot.log", "stderr.log"):
            p = Path(self.base, name)
            if p.exists():
                out.append(p.read_text(errors="replace")[-4000:])
        return "\n".join(out)

    def stop(self) -> None:
        """Kill the server and everything it started."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None
        # The master pid file would stop a restart on the same base directory.
        Path(self.base, "run", "master.pid").unlink(missing_ok=True)

    def cleanup(self) -> None:
        """Stop and delete the directory."""
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


class RecordingHandler:
    """aiosmtpd handler that records every mail it accepts."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802
        with self.lock:
            self.messages.append(
                (envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content)
            )
        return "250 OK"


class Relay:
    """An SMTP relay on loopback that records mail; can be stopped and started again
    on the same port (to simulate an outage)."""

    def __init__(self, port: int | None = None, **controller_kwargs) -> None:  # noqa: ANN003
        self.port = port or free_port()
        self.handler = RecordingHandler()
        self.kwargs = controller_kwargs
        self.controller: Controller | None = None

    def start(self) -> Relay:
        """Start listening."""
        self.controller = Controller(
            self.handler, hostname="127.0.0.1", port=self.port, **self.kwargs
        )
        self.controller.start()
        return self

    def stop(self) -> None:
        """Stop listening (recorded mail is kept)."""
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def messages(self) -> list[tuple[str, list[str], bytes]]:
        """A copy of what was received so far."""
        with self.handler.lock:
            return list(self.handler.messages)
