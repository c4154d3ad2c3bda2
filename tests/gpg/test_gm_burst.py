"""Issue 25 item 2: a game master's signed mails among a burst of other mail, through
the real processing runner (batches, the retake of a batch after a failing mail,
overtaking behind password checks, the reply limits), with real GnuPG signatures on a
migrated SQLite file: each signed mail is carried out once and answered once."""

from __future__ import annotations

import itertools
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from gpg_helpers import Signer, pgp_mime_mail
from sqlmodel import Session, select

from judge.commands.inbound import mail_scope, prepare_inbound, process_inbound
from judge.config import Config
from judge.masters.authority import UsedSignature
from judge.runners.inbox import InboxRunner
from judge.store.mail import PROCESSED, QUARANTINED, InboundMessage, store_inbound
from judge.store.models import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import (  # noqa: E402
    address,
    judge_config,
    make_mail,
    outbox,
)

pytestmark = pytest.mark.timeout(120)

GM = "gm@example.org"
_ids = itertools.count(1)

CREATE = "CREATE ../../etc VARIANT ../../../passwd\nCREATE okgame PLAYERS 3\n"
TIMING = "GAME game1\nSET GRACE 1m\nSET DEADLINE +36h\n"
ORDERS = "SIGNON Fgame1 paris11\nA Par - Bur\n"
PRESS = "SIGNON Egame1 london1\nPRESS TO ALL\nhello all\nENDPRESS\n"


def _config(judge_home: Path, per_sender: int, new_addresses: int) -> Config:
    """The judge's configuration: the master is also the keeper (as on a small judge),
    so the keeper's notices of quarantined mail count against the master's address."""
    config = judge_config(replies_per_hour=per_sender)
    config.limits.replies_to_new_addresses_per_hour = new_addresses
    config.judge.state_dir = str(judge_home)
    config.judge.keeper = GM
    return config


@pytest.fixture
def engine(gm_engine):
    return gm_engine


def _exploding(session: Session, row: InboundMessage, config: Config) -> None:
    """The judge's own processor, which fails on a mail saying BOOM (a judge error that
    quarantines the mail and makes its batch be taken again with savepoints)."""
    if b"BOOM" in row.raw:
        raise RuntimeError("processor exploded")
    process_inbound(session, row, config)


def _signed(gm: Signer, text: str) -> tuple[bytes, str]:
    """A signed mail from the master carrying ``text``, and its Message-ID."""
    message_id = f"<gm{next(_ids)}@example.org>"
    raw = pgp_mime_mail(gm, text).replace(b"<test@example.org>", message_id.encode())
    return raw, message_id


def _plain(sender: str, body: str) -> bytes:
    return make_mail(sender, body, message_id=f"<m{next(_ids)}@players.test>")


def _run(engine, config: Config, mails: list[bytes]) -> None:  # noqa: ANN001
    """Store the burst, then let the real runner take it (the judge's scopes and
    password checks ahead, so that mails may overtake one another)."""
    with Session(engine) as session:
        for raw in mails:
            assert store_inbound(session, raw, "smtp") is not None
    runner = InboxRunner(config, engine, _exploding, prepare=prepare_inbound, scope=mail_scope)
    while runner.run_once():
        pass


def _replies_to(engine, message_id: str) -> list[EmailMessage]:  # noqa: ANN001
    return [m for m in outbox(engine) if m["In-Reply-To"] == message_id]


def _statuses(engine) -> list[str]:  # noqa: ANN001
    with Session(engine) as session:
        return [r.status for r in session.exec(select(InboundMessage))]


def _burst(gm: Signer) -> tuple[list[bytes], list[str]]:
    """Player orders and press, first contacts, failing mails and the master's two
    signed mails among them; the mails and the signed mails' Message-IDs."""
    create, create_id = _signed(gm, CREATE)
    timing, timing_id = _signed(gm, TIMING)
    mails = [
        _plain(address("france"), ORDERS),
        *(_plain(f"new{n}@elsewhere.test", "hello judge\n") for n in range(4)),
        create,
        _plain(address("germany"), "BOOM\n"),
        _plain(address("england"), PRESS),
        *(_plain(address(p), "BOOM\n") for p in ("italy", "russia", "turkey")),
        _plain(address("austria"), "SIGNON Agame1 vienna1\nA Vie - Gal\n"),
        timing,
        _plain(address("germany"), "BOOM again\n"),
        _plain(address("france"), ORDERS),
    ]
    return mails, [create_id, timing_id]


def test_signed_mails_in_a_burst_are_answered_once_past_the_reply_limits(
    engine, judge_home: Path, gm: Signer
) -> None:
    """The master has no player account, so the reply to a signed mail counted as one
    to a first contact, and the quarantine notices to the master (here the keeper) took
    the address's hourly replies: the signed mails were carried out, their signatures
    recorded as used, and no reply was queued."""
    config = _config(judge_home, per_sender=3, new_addresses=2)
    mails, signed_ids = _burst(gm)
    _run(engine, config, mails)
    assert _statuses(engine).count(QUARANTINED) == 5
    assert _statuses(engine).count(PROCESSED) == len(mails) - 5
    create, timing = (_replies_to(engine, m) for m in signed_ids)
    assert (len(create), len(timing)) == (1, 1)
    assert create[0]["To"] == GM and timing[0]["To"] == GM
    assert "Game okgame created" in create[0].get_body(("plain",)).get_content()
    assert "Signature good" in timing[0].get_body(("plain",)).get_content()
    with Session(engine) as session:
        assert len(list(session.exec(select(UsedSignature)))) == 2
        assert session.exec(select(Game).where(Game.name == "okgame")).one()


def test_a_signed_mail_in_a_batch_taken_again_is_answered_once(
    engine, judge_home: Path, gm: Signer
) -> None:
    """A failing mail after a signed one in the same batch: the batch is rolled back
    and taken again with savepoints; the second pass must not find the signature used
    by the first (rolled back) pass, nor answer twice."""
    config = _config(judge_home, per_sender=100, new_addresses=100)
    mails, signed_ids = _burst(gm)
    _run(engine, config, mails)
    assert [len(_replies_to(engine, m)) for m in signed_ids] == [1, 1]
    for message_id in signed_ids:
        text = _replies_to(engine, message_id)[0].get_body(("plain",)).get_content()
        assert "Signature good" in text and "already used" not in text


def test_unsigned_mail_from_a_masters_address_is_no_first_contact(
    engine, judge_home: Path, gm: Signer
) -> None:
    """A master without a player account who forgets to sign still hears why the
    command was refused after the hour's first contacts are used up: the address is
    known here (a key is registered for it)."""
    config = _config(judge_home, per_sender=100, new_addresses=2)
    strangers = [_plain(f"new{n}@elsewhere.test", "hello judge\n") for n in range(4)]
    unsigned = make_mail(GM, "CREATE okgame\n", message_id="<unsigned@example.org>")
    _run(engine, config, [*strangers, unsigned])
    replies = _replies_to(engine, "<unsigned@example.org>")
    assert len(replies) == 1
    assert "needs a mail signed" in replies[0].get_body(("plain",)).get_content()
