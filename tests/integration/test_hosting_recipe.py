"""The hosting recipe of docs/mail-transport.md, run as written: Dovecot started with
the documented configuration, a mail delivered over LMTP as Postfix would, and the
judge configured by the documented judge.toml reading it over IMAP and answering
through an SMTP relay on loopback."""

from __future__ import annotations

import email
import os
import re
import shutil
import smtplib
import subprocess
import tempfile
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from rig import Dovecot, Relay, wait_for

from judge.config import load_config
from judge.runners.daemon import Daemon
from judge.store.db import make_engine, migrate

pytestmark = pytest.mark.timeout(90)

DOC = Path(__file__).resolve().parents[2] / "docs" / "mail-transport.md"
SECRET = "recipe-secret-1"
DOMAIN = "judge.example.org"

# What lets the documented configuration run without root in a temporary directory.
ROOTLESS = """
instance_name = {name}
base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/dovecot.log
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
first_valid_uid = 1
mail_fsync = never
service imap-login {{
  chroot =
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


def recipe_block(name: str) -> str:
    """The fenced block after ``<!-- recipe: name -->`` in the hosting section."""
    text = DOC.read_text(encoding="utf-8")
    found = re.search(rf"<!-- recipe: {re.escape(name)} -->\n```[a-z]*\n(.*?)```", text, re.S)
    assert found, f"docs/mail-transport.md has no recipe block {name!r}"
    return found.group(1)


def dovecot_config(dovecot: Dovecot, user: str, group: str) -> str:
    """The documented dovecot.conf with this test's paths, ports and user."""
    text = recipe_block("dovecot.conf")
    swaps = {
        "/var/lib/judge-mail": f"{dovecot.base}/home",
        "/etc/dovecot/judge.passwd": f"{dovecot.base}/judge.passwd",
        "uid=vmail gid=vmail": f"uid={user} gid={group}",
        "port = 143": f"port = {dovecot.imap_port}",
        "port = 24": f"port = {dovecot.lmtp_port}",
    }
    for old, new in swaps.items():
        assert old in text, f"the recipe no longer mentions {old!r}: update this test"
        text = text.replace(old, new)
    return text + ROOTLESS.format(
        name=os.path.basename(dovecot.base), base=dovecot.base, user=user, group=group
    )


@pytest.fixture
def recipe_dovecot() -> Iterator[Dovecot]:
    base = tempfile.mkdtemp(prefix="dv-recipe-")
    doveadm = shutil.which("doveadm") or "/usr/bin/doveadm"
    hashed = subprocess.run(
        [doveadm, "pw", "-s", "SHA512-CRYPT", "-p", SECRET],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    line = recipe_block("judge.passwd").strip()
    assert line.startswith("judge:{SHA512-CRYPT}")
    Path(base, "judge.passwd").write_text(f"judge:{hashed}\n")
    server = Dovecot(base=base, config=dovecot_config).start()
    yield server
    server.cleanup()


def test_the_documented_mailbox_and_relay_carry_a_mail_and_its_reply(
    recipe_dovecot: Dovecot, tmp_path: Path
) -> None:
    relay = Relay().start()
    try:
        toml = recipe_block("judge.toml")
        toml = toml.replace("port = 143", f"port = {recipe_dovecot.imap_port}")
        toml = toml.replace("port = 25", f"port = {relay.port}")
        toml = toml.replace("the password you hashed", SECRET)
        db_url = f"sqlite:///{tmp_path}/judge.db"
        toml += f'\n[database]\nurl = "{db_url}"\n'
        path = tmp_path / "judge.toml"
        path.write_text(toml)
        config = load_config(path)
        config.inbound.imap.poll_seconds = 1.0
        migrate(db_url)
        engine = make_engine(db_url)

        # Postfix's part: hand the mail to Dovecot over LMTP.
        mail = EmailMessage()
        mail["From"] = "player@example.com"
        mail["To"] = f"judge@{DOMAIN}"
        mail["Subject"] = "help please"
        mail["Message-ID"] = "<recipe-1@example.com>"
        mail.set_content("HELP\n")
        with smtplib.LMTP("127.0.0.1", recipe_dovecot.lmtp_port) as lmtp:
            lmtp.sendmail("player@example.com", [f"judge@{DOMAIN}"], mail.as_bytes())

        daemon = Daemon(config, engine)
        daemon.start()
        try:
            wait_for(lambda: len(relay.messages) >= 1, 30, what="the reply at the relay")
        finally:
            daemon.stop(10)
            engine.dispose()
        sender, recipients, raw = relay.messages[0]
        reply = email.message_from_bytes(raw)
        assert recipients == ["player@example.com"]
        assert sender == f"judge@{DOMAIN}"
        assert reply["In-Reply-To"] == "<recipe-1@example.com>"
        assert "SIGNON" in reply.get_payload(decode=True).decode()  # the HELP text
    finally:
        relay.stop()
