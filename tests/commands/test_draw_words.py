"""A draw asked for in a word of its own (``DRAW``, ``Accept draw``, ``CONCEDE``)
is no vote: it was passed over as a greeting ("ignored: not an order"), so the
player believed they had voted.  It is refused with the command that votes
(njudge's ``SET DRAW``, ``data/draws``); prose that begins with the word is not."""

from __future__ import annotations

import pytest

from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
    reply_to_orders,
)


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("DRAW", "to vote for a draw, write SET DRAW"),
        ("Accept draw", "to vote for a draw, write SET DRAW"),
        ("No draw", "to take back a draw vote, write SET NODRAW"),
        ("Concede", "to concede, write SET CONCEDE <power>"),
    ],
)
def test_a_draw_word_alone_is_refused_with_the_command_that_votes(
    tmp_path, line: str, hint: str
) -> None:
    subject, text = reply_to_orders(tmp_path, f"A Par-Bur\n{line}\n")
    assert subject.startswith("Re: [Error Flag]")
    assert f"> {line}\n  *** Refused: " in text and hint in text
    assert "Accepted: A par - bur" in text


def test_prose_beginning_with_draw_is_still_passed_over(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "A Par-Bur\nDraw the line at Munich\n")
    assert "[Error Flag]" not in subject
    assert "> Draw the line at Munich\n  ignored: not an order" in text


@pytest.mark.parametrize(
    "line", ["SET DRAW England, France and Russia", "SET DRAW E & F & R", "SET DRAW EFR."]
)
def test_a_draw_list_is_read_as_players_write_it(tmp_path, line: str) -> None:
    """A NoDIAS draw list written as prose ("England, France and Russia") was refused
    "no power called 'and'", though PRESS TO reads the same list."""
    from sqlmodel import Session, select

    from judge.store.models import Game, Player

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.dias = False
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\n{line}"))
    text = body_of(outbox(engine)[-1])
    assert "You will now accept a draw among England, France, Russia" in text, text
    with Session(engine) as session:
        seat = session.exec(select(Player).where(Player.power == "france")).one()
        assert (seat.draw, seat.draw_powers) == (True, "england,france,russia")
        assert session.exec(select(Game)).one().status == "active"
    engine.dispose()


@pytest.mark.parametrize(("line", "vote"), [("SET DRAW", "draw"), ("SET CONCEDE", "concession")])
def test_a_power_with_no_unit_or_centre_cannot_vote(tmp_path, line: str, vote: str) -> None:
    """njudge's draw.c: 'You have no units or centers and cannot vote on a draw.'  The
    judge counts only surviving powers' votes (judge.game.votes), yet answered an
    eliminated France 'You will now accept a DIAS draw' or 'Concession recorded'."""
    from judge.game.games import starting_position

    doc = starting_position("standard")
    doc["units"] = [u for u in doc["units"] if u["power"] != "france"]
    doc["supply_centers"] = {p: c for p, c in doc["supply_centers"].items() if p != "france"}
    subject, text = reply_to_orders(tmp_path, f"{line}\n", position=doc)
    assert subject.startswith("Re: [Error Flag]")
    assert f"you have no units or centres and cannot vote on a {vote}" in text


@pytest.mark.parametrize("line", ["SET DRAW ALL", "SET DRAW DIAS", "SET DRAW (all survivors)"])
def test_set_draw_with_other_words_in_a_dias_game_is_a_dias_vote(tmp_path, line: str) -> None:
    """njudge reads nothing after SET DRAW in a DIAS game ("You will now accept a DIAS
    draw.", ml_set.c); ``SET DRAW ALL`` was refused ("no power called 'ALL'") and no
    vote was counted."""
    subject, text = reply_to_orders(tmp_path, f"{line}\n")
    assert "[Error Flag]" not in subject, text
    assert f"> {line}\n  Game game1 is DIAS: " in text
    assert "You will now accept a DIAS draw (votes are secret)." in text
