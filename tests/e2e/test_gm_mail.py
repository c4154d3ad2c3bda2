"""Game-master mail through the whole mail path (SMTP in, GnuPG, SQLite, SMTP out):
unsigned, signed by an unknown key, tampered with, or replayed, the mail changes
nothing and the reply says which."""

from __future__ import annotations

import re
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import select

from judge.demo.keys import DemoSigner
from judge.demo.mailer import INLINE, PGP_MIME, Correspondent, Exchange
from judge.demo.rig import DemoJudge
from judge.masters.signatures import format_fingerprint
from judge.store.models import Game

from .conftest import MASTER

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def master(judge: DemoJudge, master_key: DemoSigner) -> Correspondent:
    judge.add_game_master(MASTER, master_key.public_key())
    return Correspondent(judge, MASTER, "Demo Master", master_key)


def games(judge: DemoJudge) -> dict[str, int]:
    """Every game's name with its number of seats."""
    with judge.session() as session:
        return {g.name: g.seats for g in session.exec(select(Game))}


def reply_of(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


@pytest.mark.parametrize("form", [PGP_MIME, INLINE])
def test_a_signed_create_makes_the_game(judge: DemoJudge, master: Correspondent, form: str) -> None:
    text = reply_of(master.send("CREATE alpha PLAYERS 3\n", form=form))
    assert "Signature good (fingerprint" in text
    assert "Game alpha created" in text
    assert games(judge) == {"alpha": 3}


def test_an_unsigned_create_is_refused(judge: DemoJudge, master: Correspondent) -> None:
    exchange = master.send("CREATE alpha\n", form="plain")
    text = reply_of(exchange)
    assert "*** Refused: this command needs a mail signed with your registered key" in text
    assert exchange.reply is not None and "[Error Flag]" in exchange.reply.subject
    assert games(judge) == {}


def test_a_key_the_judge_does_not_know_is_refused(
    judge: DemoJudge, master: Correspondent, stranger_key: DemoSigner
) -> None:
    impostor = Correspondent(judge, MASTER, "Demo Master", stranger_key)
    text = reply_of(impostor.send("CREATE alpha\n"))
    spaced = format_fingerprint(stranger_key.signing_fingerprint)
    assert f"signed by a key the judge does not know (fingerprint {spaced})" in text
    assert games(judge) == {}


def test_a_registered_key_from_another_address_is_refused(
    judge: DemoJudge, master: Correspondent, master_key: DemoSigner
) -> None:
    elsewhere = Correspondent(judge, "someone@else.test", "Someone", master_key)
    text = reply_of(elsewhere.send("CREATE alpha\n"))
    assert "is not registered as a game master's key for someone@else.test" in text
    assert games(judge) == {}


@pytest.mark.parametrize("form", [PGP_MIME, INLINE])
def test_a_tampered_mail_is_refused(judge: DemoJudge, master: Correspondent, form: str) -> None:
    message_id = make_msgid(domain="demo.test")
    raw = master.compose("CREATE alpha PLAYERS 3\n", "tampered", form, message_id)
    assert raw.count(b"PLAYERS 3") == 1
    exchange = master.send_raw(raw.replace(b"PLAYERS 3", b"PLAYERS 4"), message_id, "tampered")
    text = reply_of(exchange)
    assert "The signature does not match the text" in text
    assert "Nothing was changed" in text
    assert games(judge) == {}


def test_a_replayed_mail_is_refused(judge: DemoJudge, master: Correspondent) -> None:
    reply_of(master.send("CREATE alpha PLAYERS 3\n"))
    first_id = make_msgid(domain="demo.test")
    first = master.compose("GAME alpha\nSET PLAYERS 4\n", "four", PGP_MIME, first_id)
    assert "Signature good" in reply_of(master.send_raw(first, first_id, "four"))
    reply_of(master.send("GAME alpha\nSET PLAYERS 5\n"))
    assert games(judge) == {"alpha": 5}
    # The same signed mail again, as a new mail (a new Message-ID outside the signature).
    again_id = make_msgid(domain="demo.test")
    replay = first.replace(first_id.encode(), again_id.encode())
    assert replay != first
    text = reply_of(master.send_raw(replay, again_id, "four again"))
    assert "This signature was already used" in text
    assert games(judge) == {"alpha": 5}


def test_the_readme_first_game_mail_is_accepted(judge: DemoJudge, master: Correspondent) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    found = re.search(r"\*\*The first game\.\*\*.*?```\n(.*?)```", readme, re.DOTALL)
    assert found, "README: the first game's mail is missing"
    commands = "\n".join(line.strip() for line in found.group(1).splitlines())
    exchange = master.send(commands)
    text = reply_of(exchange)
    assert "*** Refused" not in text, text
    assert "Game alpha created" in text
    assert games(judge) == {"alpha": 7}


def test_a_masters_signed_mails_are_answered_after_a_burst_of_first_contacts(
    judge: DemoJudge, master: Correspondent
) -> None:
    """Issue 25 item 2: more first contacts than ``[limits]
    replies_to_new_addresses_per_hour`` (60 by default) arrive between the master's
    signed mails; the master, who has no player account, still gets one reply to each
    signed mail (the signature proves the sender: it is no forged first contact)."""
    sent: list[str] = []
    for n in range(62):
        stranger = Correspondent(judge, f"stranger{n}@elsewhere.test")
        message_id = make_msgid(domain="elsewhere.test")
        raw = stranger.compose("hello judge\n", "hello", "plain", message_id)
        judge.deliver(stranger.address, raw, message_id, f"stranger-{n}")
    signed = {
        "create": "CREATE ../../etc VARIANT ../../../passwd\nCREATE okgame PLAYERS 3\n",
        "timing": "GAME okgame\nSET GRACE 1m\nSET DEADLINE MOVE 36h\n",
    }
    for label, text in signed.items():
        message_id = make_msgid(domain="demo.test")
        raw = master.compose(text, label, PGP_MIME, message_id)
        judge.deliver(MASTER, raw, message_id, label)
        sent.append(message_id)
    for message_id in sent:
        judge.wait_processed(message_id, timeout=60)
    judge.wait_sent(timeout=60)
    replies = {m: [d for d in judge.mails if d.in_reply_to == m] for m in sent}
    assert {m: len(r) for m, r in replies.items()} == dict.fromkeys(sent, 1)
    create, timing = (r[0].text() for r in replies.values())
    assert "Game okgame created" in create
    assert "Signature good" in timing and "okgame" in timing
    assert games(judge) == {"okgame": 3}
