"""BECOME by signed mail: the power's player is told what the master did in their
name (njudge mail.c, ``case BECOME``: the reply from the BECOME on is mailed to the
power's player too, "Master ... assuming identity of ..."), and selecting another
game ends the BECOME, so no later order line is read as that power's."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlmodel import Session, select

from judge.store.models import Order

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import (  # noqa: E402
    NOW,
    address,
    body_of,
    deliver,
    make_mail,
    outbox,
)

_ids = itertools.count(1)


def _master(engine, config, gm: Signer, text: str) -> dict[str, list[str]]:  # noqa: ANN001
    """The master's signed mail; the texts of the mails it caused, by recipient."""
    before = len(outbox(engine))
    raw = inline_mail(gm, text, at=NOW)
    raw = raw.replace(b"<test@example.org>", f"<b{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=NOW)
    sent: dict[str, list[str]] = {}
    for mail in outbox(engine)[before:]:
        text = body_of(mail).replace("\r\n", "\n")
        sent.setdefault(mail["To"], []).append(f"{mail['Subject']}\n{text}")
    return sent


def test_the_player_gets_a_copy_of_the_orders_and_press_given_in_their_name(
    gm_engine, config, gm: Signer
) -> None:
    body = "SIGNON Fgame1 paris11\nA Par-Bur\nA Mar-Spa\nF Bre-MAO\n"
    deliver(gm_engine, make_mail(address("france"), body), config, now=NOW)
    sent = _master(
        gm_engine,
        config,
        gm,
        "GAME game1\nSET PRESS white\nBECOME France\nA Par-Pic\n"
        "PRESS TO England\nPeace in the Channel?\nENDPRESS\n",
    )
    [copy] = [m for m in sent[address("france")] if "acted as France" in m]
    assert copy.startswith("JUDGE:game1 - S1901M the game master acted as France")
    assert "The game master of game game1 acted as France (BECOME)" in copy
    assert "> A Par-Pic\n  Accepted: A par - pic" in copy
    assert "> PRESS TO England" in copy and "| Peace in the Channel?" in copy
    assert "  A par - pic\n" in copy and "Every unit has an order." in copy
    assert "GAME game1" not in copy and "SET PRESS" not in copy  # the master's own lines
    [reply] = sent["gm@example.org"]
    assert "its player gets a copy of them" in reply


def test_a_second_become_and_a_game_selected_end_the_first(gm_engine, config, gm) -> None:
    sent = _master(
        gm_engine,
        config,
        gm,
        "CREATE beta PLAYERS 3\nGAME game1\nBECOME France\nA Par-Pic\n"
        "BECOME Germany\nA Mun-Ruh\nGAME beta\nA Mar-Spa\nSET PRESS grey\n",
    )
    [france] = sent[address("france")]
    [germany] = sent[address("germany")]
    assert "A Par-Pic" in france and "A Mun-Ruh" not in france
    assert "A Mun-Ruh" in germany and "A Par-Pic" not in germany
    assert "beta" not in germany and "A Mar-Spa" not in germany  # after GAME beta
    [reply] = sent["gm@example.org"]
    assert "> A Mar-Spa\n  *** Refused" in reply
    with Session(gm_engine) as session:
        orders = {(o.power, o.text) for o in session.exec(select(Order))}
    assert orders == {("france", "A Par-Pic"), ("germany", "A Mun-Ruh")}


def test_a_player_resigned_by_the_master_is_told_and_named(gm_engine, config, gm) -> None:
    sent = _master(gm_engine, config, gm, "GAME game1\nBECOME France\nRESIGN\n")
    [copy] = sent[address("france")]
    assert "> RESIGN\n" in copy and "acted as France" in copy
    [notice] = [m for m in sent[address("england")] if "France resigned" in m]
    assert "The player (france@players.test) of France was resigned by the game master" in notice
    assert "gm@example.org" not in notice


def test_a_broadcast_the_master_sends_as_a_power_is_not_copied_back(gm_engine, config, gm) -> None:
    sent = _master(gm_engine, config, gm, "GAME game1\nBECOME France\nBROADCAST\nHello\nENDPRESS\n")
    [reply] = sent["gm@example.org"]  # the reply only, no copy of the broadcast
    assert "Broadcast (white, 1 line) sent to everyone." in reply
    assert any("Hello" in m for m in sent[address("england")])
