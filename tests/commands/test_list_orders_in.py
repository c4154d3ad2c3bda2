"""LIST <game> before the deadline says whether orders are still missing and whether
a player asked the phase to wait for its deadline, as njudge's LIST does (ml_list.c:
"One or more players have not gotten their orders in." and "One or more players
have requested that orders not be processed until the deadline."), without naming
anyone.  LIST said neither: nobody could tell whether the phase might be processed
early."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

MISSING = "Orders: some powers have not given all their orders yet."
ALL_IN = "Orders: every power has given its orders."
WAITS = "A player asked that the phase wait for its deadline (SET WAIT)."
HOLDS = {
    "austria": "A vie H\nA bud H\nF tri H",
    "england": "F lon H\nF edi H\nA lvp H",
    "france": "A par H\nA mar H\nF bre H",
    "germany": "A ber H\nA mun H\nF kie H",
    "italy": "A rom H\nA ven H\nF nap H",
    "russia": "A mos H\nA war H\nF sev H\nF stp/sc H",
    "turkey": "A con H\nA smy H\nF ank H",
}


def _list(engine, hours: float = 5) -> str:  # type: ignore[no-untyped-def]
    deliver(
        engine, make_mail("reader@players.test", "LIST game1\n"), now=NOW + timedelta(hours=hours)
    )
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def _orders(engine, power: str, extra: str = "") -> None:  # type: ignore[no-untyped-def]
    signon = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n"
    deliver(engine, make_mail(address(power), signon + HOLDS[power] + "\n" + extra))


def test_list_says_whether_orders_are_missing_and_whether_a_player_waits(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    _orders(engine, "france", "SET WAIT\n")
    text = _list(engine)
    assert MISSING in text and WAITS in text and "France (" not in text
    for power in HOLDS:
        if power != "france":
            _orders(engine, power)
    text = _list(engine)
    assert ALL_IN in text and WAITS in text and MISSING not in text
    after = _list(engine, hours=50)  # past the deadline: the late marks say it
    assert ALL_IN not in after and MISSING not in after


def test_the_orders_line_gives_way_to_the_late_marks_at_the_same_moment(tmp_path) -> None:
    """The orders line (before the deadline) and the late marks (after it) ask one
    test of a passed deadline: at the deadline itself the line still shows and nobody
    is late; a second after it, the powers missing orders are late and the line is gone."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)  # its deadline is 48 hours after NOW
    at_deadline = _list(engine, hours=48)
    assert MISSING in at_deadline and "(late)" not in at_deadline
    after = _list(engine, hours=48 + 1 / 3600)
    assert MISSING not in after and "(late)" in after
