"""process_inbound end to end on a real SQLite file: commands, stored effects, replies."""

from __future__ import annotations

import functools
import json
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, col, select

from judge.commands.inbound import process_inbound
from judge.store.mail import IGNORED, PROCESSED, InboundMessage, OutboxMessage, store_inbound
from judge.store.models import FINISHED, Account, Game, Order, Player, Press, ReplyCount
from tests.commands.helpers import (
    JUDGE,
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    judge_config,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    yield engine
    engine.dispose()


def _orders(engine, power="france"):
    with Session(engine) as session:
        return list(session.exec(select(Order).where(Order.power == power).order_by(col(Order.id))))


def _signon(power="france", game="game1"):
    return f"SIGNON {power[0].upper()}{game} {PASSWORDS[power]}"


def test_orders_are_stored_as_written_and_parsed(engine):
    deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par-Bur\nF Bre - MAO\n"))
    orders = _orders(engine)
    assert [(o.text, o.unit_key, o.phase) for o in orders] == [
        ("A Par-Bur", "par", "S1901M"),
        ("F Bre - MAO", "bre", "S1901M"),
    ]
    assert all(o.canonical and o.from_address == address("france") for o in orders)
    [reply] = outbox(engine)
    assert reply["To"] == address("france")
    assert reply["Subject"] == "Re: JUDGE:game1 - S1901M orders"  # njudge mail.c
    text = body_of(reply)
    assert "Units without orders: A mar" in text.replace("A Mar", "A mar")
    assert "Time to deadline: 2 days." in text
    assert ":: Judge: JUDGE  Game: Game1  Variant: Standard" in text


def test_last_valid_order_for_a_unit_wins(engine):
    deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par - Bur\n"))
    deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par - Pic\nA Par - Mos\n"))
    reply = outbox(engine)[-1]
    text = body_of(reply)
    listing = text.split("Orders for France in game game1, S1901M:")[1]
    assert "pic" in listing.lower() and "bur" not in listing.lower()
    assert "*** Refused:" in text and "A Par - Mos" in text
    assert reply["Subject"].startswith("Re: [Error Flag] JUDGE:game1 - S1901M")
    stored = _orders(engine)
    assert len(stored) == 2  # the refused order is not stored


def test_orders_for_another_phase_are_refused(engine):
    deliver(engine, make_mail(address("france"), f"{_signon()}\nPHASE F1901M\nA Par - Bur\n"))
    assert _orders(engine) == []
    text = body_of(outbox(engine)[-1])
    assert "these orders are for F1901M, but game game1 is in S1901M" in text
    deliver(engine, make_mail(address("france"), f"{_signon()}\nPHASE S1901M\nA Par - Bur\n"))
    assert len(_orders(engine)) == 1


def test_orders_for_a_finished_game_are_refused(engine):
    with Session(engine) as session:
        game = session.exec(select(Game)).one()
        game.status = FINISHED
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par - Bur\n"))
    assert _orders(engine) == []
    assert "game game1 is over: it ended in S1901M" in body_of(outbox(engine)[-1])


def test_wrong_password_refuses_orders_and_never_echoes_passwords(engine):
    deliver(engine, make_mail(address("france"), "SIGNON Fgame1 notright\nA Par - Bur\n"))
    assert _orders(engine) == []
    text = body_of(outbox(engine)[-1])
    assert "wrong password for France in game game1" in text
    assert "not read: the SIGNON failed" in text
    deliver(engine, make_mail(address("france"), f"{_signon()}\nSET PASSWORD brandnew9\n"))
    with Session(engine) as session:
        raw = b"".join(r.raw for r in session.exec(select(OutboxMessage)))
    for secret in (b"notright", PASSWORDS["france"].encode(), b"brandnew9"):
        assert secret not in raw


def test_set_password_takes_effect_from_the_next_mail(engine):
    deliver(engine, make_mail(address("france"), f"{_signon()}\nSET PASSWORD brandnew9\n"))
    deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par - Bur\n"))
    assert "wrong password" in body_of(outbox(engine)[-1])
    deliver(engine, make_mail(address("france"), "SIGNON france@game1 brandnew9\nA Par - Bur\n"))
    assert len(_orders(engine)) == 1


def test_every_mail_gets_exactly_one_threaded_reply(engine):
    raw = make_mail(
        address("england"),
        "LIST\nHELP\n",
        subject="Re: game1 - S1901M what now",
        message_id="<abc@players.test>",
        headers={"References": "<older@players.test>"},
    )
    deliver(engine, raw)
    [reply] = outbox(engine)
    assert reply["In-Reply-To"] == "<abc@players.test>"
    assert reply["References"].split() == ["<older@players.test>", "<abc@players.test>"]
    assert reply["Auto-Submitted"] == "auto-replied"
    assert reply["Subject"] == "Re: JUDGE what now"
    assert reply["From"] == f"Test Judge <{JUDGE}>"


def test_automatic_mail_gets_no_reply(engine):
    raw = make_mail(
        address("france"), f"{_signon()}\nA Par - Bur\n", headers={"Auto-Submitted": "auto-replied"}
    )
    row = deliver(engine, raw)
    assert outbox(engine) == []
    assert _orders(engine) == []
    with Session(engine) as session:
        assert session.get(InboundMessage, row.id).status == IGNORED


def test_mail_from_the_judge_itself_gets_no_reply(engine):
    deliver(engine, make_mail(JUDGE, "HELP\n"))
    assert outbox(engine) == []


def test_too_large_mail_gets_a_short_reply_only(engine):
    big = f"{_signon()}\nA Par - Bur\n" + ("x" * 80 + "\n") * 200
    row = deliver(engine, make_mail(address("france"), big), judge_config(max_bytes=5000))
    [reply] = outbox(engine)
    assert "Nothing in it was read or applied" in body_of(reply)
    assert _orders(engine) == []
    with Session(engine) as session:
        assert session.get(InboundMessage, row.id).status == PROCESSED


def test_orders_from_another_address_copy_the_power(engine):
    deliver(engine, make_mail("stranger@elsewhere.test", f"{_signon()}\nA Par - Bur\n"))
    replies = outbox(engine)
    assert [r["To"] for r in replies] == ["stranger@elsewhere.test", address("france")]
    assert "This is a copy of the judge's reply to stranger@elsewhere.test" in body_of(replies[1])
    [order] = _orders(engine)
    assert order.from_address == "stranger@elsewhere.test"


def test_addresses_typed_into_the_body_are_not_trusted(engine):
    body = f"From: {address('germany')}\nReply-To: {address('germany')}\n{_signon()}\n"
    body += f"SET ADDRESS {address('germany')}\n"
    deliver(engine, make_mail("eve@evil.test", body))
    replies = outbox(engine)
    assert {r["To"] for r in replies} == {"eve@evil.test", address("france")}
    assert "addresses typed into a mail are not trusted" in body_of(replies[0])
    with Session(engine) as session:
        player = session.exec(select(Player).where(Player.power == "france")).one()
        assert session.get(Account, player.account_id).address == address("france")


def test_set_address_moves_the_power_to_the_sending_address(engine):
    deliver(engine, make_mail("new@players.test", f"{_signon()}\nSET ADDRESS\n"))
    with Session(engine) as session:
        player = session.exec(select(Player).where(Player.power == "france")).one()
        assert session.get(Account, player.account_id).address == "new@players.test"
    after = last_outbox_id(engine)
    deliver(engine, make_mail("new@players.test", f"{_signon()}\nA Par - Bur\n"))
    assert [r["To"] for r in outbox(engine, after)] == ["new@players.test"]


def test_press_goes_to_the_named_powers_and_is_recorded(engine):
    body = f"{_signon()}\nPRESS TO Germany, Italy\nShall we?\nENDPRESS\nA Par - Bur\n"
    deliver(engine, make_mail(address("france"), body))
    mails = outbox(engine)
    press = [m for m in mails if "Press from France" in m["Subject"]]
    assert sorted(m["To"] for m in press) == [address("germany"), address("italy")]
    assert "Shall we?" in body_of(press[0])
    assert len(_orders(engine)) == 1  # orders after ENDPRESS still count
    with Session(engine) as session:
        [row] = session.exec(select(Press)).all()
        assert json.loads(row.recipients) == ["germany", "italy"] and not row.grey


def test_grey_broadcast_hides_the_sender(engine):
    deliver(engine, make_mail(address("france"), f"{_signon()}\nBROADCAST GREY\nBoo\nENDPRESS\n"))
    press = [m for m in outbox(engine) if "Broadcast" in m["Subject"]]
    assert len(press) == 6 and address("france") not in {m["To"] for m in press}
    for mail in press:
        assert "France" not in body_of(mail) and "france" not in str(mail)


def test_grey_press_is_refused_where_the_game_forbids_it(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session, "whiteonly", press_mode="white")
    deliver(engine, make_mail(address("italy"), "SIGNON Iwhiteonly rome111\nBROADCAST GREY\nhi\n"))
    [reply] = outbox(engine)
    assert "grey press is not allowed in game whiteonly" in body_of(reply)


def test_register_creates_an_account_with_a_hashed_password(engine):
    body = "REGISTER\nName: Ada Lovelace\nTimezone: Europe/London\nPassword: s3cret-pw\nEND\n"
    deliver(engine, make_mail("ada@example.test", body))
    with Session(engine) as session:
        account = session.exec(select(Account).where(Account.address == "ada@example.test")).one()
        assert account.name == "Ada Lovelace" and account.time_zone == "Europe/London"
        assert account.password_hash.startswith("$argon2id$")
    text = body_of(outbox(engine)[-1])
    assert "Registered ada@example.test" in text and "s3cret-pw" not in text
    # An update needs the account password.
    deliver(engine, make_mail("ada@example.test", "REGISTER\nName: Mallory\nEND\n"))
    with Session(engine) as session:
        account = session.exec(select(Account).where(Account.address == "ada@example.test")).one()
        assert account.name == "Ada Lovelace"


def test_deadline_is_shown_in_the_senders_time_zone(engine):
    body = "REGISTER\nName: F\nTimezone: Asia/Tokyo\nPassword: whatever1\nEND\n"
    deliver(engine, make_mail(address("france"), body))
    deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par H\n"))
    text = body_of(outbox(engine)[-1])
    assert "Deadline: Mon 23 Nov 2026 21:00 JST (12:00 UTC)." in text


def test_replies_per_sender_per_hour_are_limited(engine):
    config = judge_config(replies_per_hour=3)
    for i in range(5):
        deliver(
            engine,
            make_mail(address("france"), f"{_signon()}\nA Par H\n"),
            config,
            now=NOW + timedelta(minutes=i),
        )
    replies = outbox(engine)
    assert len(replies) == 3
    assert "This is the last reply this judge sends" in body_of(replies[-1])
    assert len(_orders(engine)) == 5  # mail past the limit is still applied
    deliver(engine, make_mail(address("france"), "LIST\n"), config, now=NOW + timedelta(hours=1))
    assert len(outbox(engine)) == 4


def test_processing_stays_in_the_callers_transaction(engine):
    raw = make_mail(address("france"), f"{_signon()}\nA Par - Bur\n")
    with Session(engine) as session:
        row = store_inbound(session, raw, "smtp")
        row_id = row.id
        process_inbound(session, row, judge_config(), now=NOW)
        session.rollback()
    assert outbox(engine) == [] and _orders(engine) == []
    with Session(engine) as session:
        assert session.get(InboundMessage, row_id).status == "pending"


# --------------------------------------------------------------------------- PostgreSQL
# (postgres_url: tests/conftest.py)


def test_postgresql_migrations_and_round_trip(postgres_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    from judge.store.db import make_engine, migrate

    migrate(postgres_url)
    migrate(postgres_url)  # a second run is a no-op
    engine = make_engine(postgres_url)
    try:
        assert engine.dialect.name == "postgresql"
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []
        with Session(engine) as session:
            add_game(session)
        deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par - Bur\nA Par - Mos\n"))
        deliver(engine, make_mail(address("france"), f"{_signon()}\nA Par - Pic\n"))
        [order] = [o for o in _orders(engine) if o.id == max(x.id for x in _orders(engine))]
        assert order.text == "A Par - Pic" and len(_orders(engine)) == 2
        replies = outbox(engine)
        assert [r["To"] for r in replies] == [address("france")] * 2
        assert replies[0]["Subject"].startswith("Re: [Error Flag] JUDGE:game1 - S1901M")
        with Session(engine) as session:
            statuses = {r.status for r in session.exec(select(InboundMessage))}
            assert statuses == {PROCESSED}
            assert session.exec(select(ReplyCount)).one().count == 2
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- robustness


@functools.lru_cache(maxsize=1)
def _memory_engine():
    from sqlmodel import SQLModel, create_engine

    engine = create_engine("sqlite://", connect_args={"check_same_thread": False})
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        add_game(session)
    return engine


_order_words = st.sampled_from(
    ["A", "F", "Par", "Bur", "-", "S", "H", "C", "via", "convoy", "Spa/nc", "build",
     "PRESS TO", "BROADCAST", "ENDPRESS", "PHASE", "S1901M", "SET", "LIST", "HELP",
     "REGISTER", "END", "Name:", "SIGNOFF", "--", "//", ",", ";", "\n", "Timezone:"]
)  # fmt: skip
_bodies = st.one_of(
    st.text(max_size=400),
    st.lists(st.one_of(_order_words, st.text(max_size=8)), max_size=60).map(" ".join),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_bodies)
def test_processing_never_raises_on_arbitrary_text(body):
    engine = _memory_engine()
    with Session(engine) as session:
        raw = make_mail(address("france"), f"{_signon()}\n{body}")
        row = InboundMessage(message_key=f"fuzz-{id(body)}", raw=raw, source="smtp")
        session.add(row)
        session.flush()
        process_inbound(session, row, judge_config(), now=NOW)
        assert row.status == PROCESSED
        session.rollback()
