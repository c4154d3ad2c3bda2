"""Game-master mail through process_inbound with real GnuPG signatures, on a migrated
SQLite file: only a good, fresh, new signature of a registered key carries out
anything, and then only the signed text is read."""

from __future__ import annotations

import itertools
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from gpg_helpers import (
    Signer,
    headers,
    inline_mail,
    inner_part,
    multipart_signed,
    pgp_mime_mail,
    plain_mail,
    signed_content_type,
)
from sqlmodel import Session, select

from judge.game.games import find_game
from judge.store.models import Game, Order

# tests/gpg is not a package (its modules import gpg_helpers directly); the shared
# command-test helpers live in the tests package at the repository root.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import (  # noqa: E402
    body_of,
    deliver,
    outbox,
)

GM = "gm@example.org"
_ids = itertools.count(1)


def now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
def engine(gm_engine):
    return gm_engine


def fresh_id(raw: bytes) -> bytes:
    """The same mail with a Message-ID of its own (headers are outside the signature)."""
    return raw.replace(b"<test@example.org>", f"<t{next(_ids)}@example.org>".encode())


def send(engine, config, raw: bytes) -> str:
    """Deliver a mail; the text of the judge's one reply."""
    before = len(outbox(engine))
    deliver(engine, fresh_id(raw), config, now=now())
    replies = [m for m in outbox(engine)[before:] if m["In-Reply-To"]]
    assert len(replies) == 1, [r["To"] for r in replies]
    return body_of(replies[0])


def game_names(engine) -> set[str]:
    with Session(engine) as session:
        return {g.name for g in session.exec(select(Game))}


def orders(engine) -> list[Order]:
    with Session(engine) as session:
        return list(session.exec(select(Order)))


ORDERS = "SIGNON Fgame1 paris11\nA Par - Bur\n"


def test_good_pgp_mime_create(engine, config, gm: Signer) -> None:
    text = send(engine, config, pgp_mime_mail(gm, "CREATE alpha PLAYERS 5\nSET PRESS grey\n"))
    assert "Signature good (fingerprint" in text
    assert "Only the signed text of your mail was read." in text
    assert "Game alpha created" in text and "refused" not in text
    with Session(engine) as session:
        game = find_game(session, "alpha")
        assert game is not None
        assert (game.master_address, game.seats, game.press_mode) == (GM, 5, "grey")


def test_good_inline_reads_only_the_signed_block(engine, config, gm: Signer) -> None:
    raw = inline_mail(gm, "CREATE alpha\n", before="CREATE before\n\n", after="\nCREATE after\n")
    text = send(engine, config, raw)
    assert "Game alpha created" in text
    assert game_names(engine) == {"game1", "alpha"}


def test_unsigned_parts_of_a_pgp_mime_mail_are_ignored(engine, config, gm: Signer) -> None:
    inner = inner_part("CREATE alpha\n")
    signed = multipart_signed(inner, gm.detach_sign(inner))
    outer = (
        b"--outer\r\nContent-Type: " + signed_content_type().encode() + b"\r\n\r\n" + signed
        + b"\r\n--outer\r\nContent-Type: text/plain\r\n\r\nCREATE footer\r\n" + ORDERS.encode()
        + b"\r\n--outer--\r\n"
    )  # fmt: skip
    raw = headers(GM, 'multipart/mixed; boundary="outer"') + outer
    text = send(engine, config, raw)
    assert "Signature good" in text and "Game alpha created" in text
    assert "footer" not in text
    assert game_names(engine) == {"game1", "alpha"}
    assert orders(engine) == []


def test_unsigned_mail_refuses_only_the_game_master_lines(engine, config) -> None:
    text = send(engine, config, plain_mail(GM, "CREATE alpha\n" + ORDERS))
    assert "needs a mail signed with your registered key" in text
    assert game_names(engine) == {"game1"}
    # The game master plays France in game1 like anyone else.
    assert [o.text for o in orders(engine)] == ["A Par - Bur"]


def test_a_game_master_plays_with_a_signed_mail_too(engine, config, gm: Signer) -> None:
    text = send(engine, config, pgp_mime_mail(gm, ORDERS))
    assert "Signature good" in text and "Signed on as France" in text
    assert [o.text for o in orders(engine)] == ["A Par - Bur"]


def _refused(engine, config, raw: bytes, reason: str) -> str:
    text = send(engine, config, raw)
    assert "did not accept it" in text and reason in text
    assert "Nothing in your mail was carried out" in text
    assert game_names(engine) == {"game1"}
    assert orders(engine) == []
    return text


def _read_unsigned(engine, config, raw: bytes, reason: str) -> str:
    """A genuine signature that is not a game master's: the mail is read as unsigned."""
    text = send(engine, config, raw)
    assert reason in text and "read as an unsigned mail" in text
    assert "CREATE alpha" in text and "the signature of this mail was not accepted" in text
    assert game_names(engine) == {"game1"}
    assert [o.text for o in orders(engine)] == ["A Par - Bur"]
    return text


def test_unknown_key_refuses_only_the_game_master_lines(engine, config, stranger: Signer) -> None:
    raw = pgp_mime_mail(stranger, "CREATE alpha\n" + ORDERS, sender=GM)
    _read_unsigned(engine, config, raw, "a key the judge does not know")


def test_tampered_mail_changes_nothing(engine, config, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, "CREATE alpha\n" + ORDERS).replace(b"alpha", b"gamma")
    _refused(engine, config, raw, "does not match the text")


def test_tampered_inline_mail_changes_nothing(engine, config, gm: Signer) -> None:
    raw = inline_mail(gm, "CREATE alpha\n" + ORDERS).replace(b"alpha", b"gamma")
    _refused(engine, config, raw, "does not match the text")


def test_expired_signature_changes_nothing(engine, config, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, "CREATE alpha\n" + ORDERS, at=now() - timedelta(days=5))
    _refused(engine, config, raw, "outside the accepted window")


def test_key_not_registered_for_the_sender(engine, config, second_gm: Signer) -> None:
    raw = pgp_mime_mail(second_gm, "CREATE alpha\n" + ORDERS, sender=GM)
    _read_unsigned(engine, config, raw, "is not registered as a game master's key")


def test_good_key_from_another_address(engine, config, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, "CREATE alpha\n" + ORDERS, sender="other@example.com")
    text = send(engine, config, raw)
    assert "not registered as a game master's key for other@example.com" in text
    assert "read as an unsigned mail" in text
    assert game_names(engine) == {"game1"}


def test_replayed_signature_changes_nothing(engine, config, gm: Signer) -> None:
    raw = pgp_mime_mail(gm, "GAME game1\nSET PRESS grey\n")
    assert "Press in game game1 is now grey." in send(engine, config, raw)
    with Session(engine) as session:
        game = find_game(session, "game1")
        game.press_mode = "white"
        session.add(game)
        session.commit()
    text = send(engine, config, raw)
    assert "already used" in text and "Nothing in your mail was carried out" in text
    with Session(engine) as session:
        assert find_game(session, "game1").press_mode == "white"
