"""The demo's judge rig itself: mail in over SMTP, replies out through the judge's
SMTP sender into .eml files, game masters registered with ``judge gm add``."""

from __future__ import annotations

import pytest

from judge.config import load_config
from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoError, DemoJudge
from judge.store.mail import PROCESSED

pytestmark = pytest.mark.timeout(120)


def test_a_plain_mail_is_answered_into_a_file(judge: DemoJudge) -> None:
    ada = Correspondent(judge, "ada@players.demo", "Ada")
    exchange = ada.send(
        "REGISTER\nName: Ada\nTimezone: Europe/Paris\nPassword: secret1\nEND\nLIST\n", "hello"
    )
    assert exchange.status == PROCESSED
    assert exchange.reply is not None
    assert exchange.reply.recipients == ("ada@players.demo",)
    assert exchange.reply.subject == "Re: DEMO hello"  # njudge mail.c: the judge code
    assert exchange.reply.path.parent == judge.paths.outbox
    assert exchange.reply.path.read_bytes() == exchange.reply.raw
    text = exchange.reply_text
    assert "Registered ada@players.demo: Ada, time zone Europe/Paris." in text
    assert "There are no games on this judge yet." in text
    assert exchange.sent.parent == judge.paths.sent
    assert b"Password: secret1" in exchange.sent.read_bytes()


def test_the_written_configuration_is_the_running_one(judge: DemoJudge) -> None:
    written = load_config(judge.paths.config)
    assert judge.config is not None
    assert written.inbound.smtp.port == judge.config.inbound.smtp.port
    assert written.outbound.port == judge.config.outbound.port
    assert written.database.url == f"sqlite:///{judge.paths.database}"
    assert judge.paths.database.exists()


def test_a_game_master_is_registered_like_judge_gm_add(
    judge: DemoJudge, master_key: DemoSigner, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = judge.add_game_master(master_key.address, master_key.public_key())
    assert printed.startswith(f"{master_key.address} is a game master, key ")
    from judge.cli.main import main

    assert main(["gm", "--config", str(judge.paths.config), "list"]) == 0
    listed = capsys.readouterr().out
    assert master_key.address in listed
    assert "Demo Master <master@demo.test>" in listed


def test_a_bad_key_file_is_a_clear_error(judge: DemoJudge) -> None:
    with pytest.raises(DemoError, match="judge gm add gm@demo.test failed"):
        judge.add_game_master("gm@demo.test", b"not a key")


def test_waiting_for_a_mail_never_sent_times_out_clearly(judge: DemoJudge) -> None:
    with pytest.raises(DemoError, match=r"waiting for the judge to process mail <no@demo.test>"):
        judge.wait_processed("<no@demo.test>", timeout=0.2)


def test_the_directory_is_wiped_at_start(tmp_path) -> None:  # noqa: ANN001
    root = tmp_path / "again"
    root.mkdir()
    (root / "old.eml").write_text("stale")
    with DemoJudge(root) as judge:
        assert not (root / "old.eml").exists()
        assert judge.paths.outbox.is_dir()
