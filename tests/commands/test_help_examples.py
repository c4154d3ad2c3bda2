"""The examples HELP shows are orders the reader can mail back: after SIGNON (or
HELP <game> from a player signed on to it) they are written with the reader's own
units, and HELP <variant> writes them with that variant's provinces (Colonial has
no Paris; Root Z's Paris is on two boards).  Played through the real mail path."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import Seat, create_game
from judge.orders.text import parse_order
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

MOVEMENT_FORMS = ("hold", "move", "support", "rail move")


def _examples(text: str) -> dict[str, str]:
    """Each form's example in a HELP reply, by the form's name."""
    found = re.findall(r"^\s+(\w[\w -]*): .*\n.*\n\s+Example: (.+)$", text, re.M)
    return {name: example for name, example in found}


def _reply(engine, sender: str, body: str) -> str:
    deliver(engine, make_mail(sender, body))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def test_help_after_signon_shows_examples_with_the_readers_own_units(tmp_path: Path):
    """France was shown Austria's units (``Example: A Bud - Gal``), which she cannot
    order: mailed back, each was refused."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    examples = _examples(_reply(engine, address("france"), signon + "HELP"))
    orders = [examples[name] for name in ("hold", "move", "support")]
    reply = _reply(engine, address("france"), signon + "\n".join(orders))
    for order in orders:
        assert f"> {order}\n  Accepted:" in reply


def test_help_game_from_a_signed_on_player_shows_their_own_units(tmp_path: Path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        seats = [Seat(p, f"{p}@p.test", f"pw{p}", p.title()) for p in ("britain", "russia")]
        create_game(session, "asia", seats, variant="colonial")
        session.commit()
    signon = "SIGNON Rasia pwrussia\n"
    examples = _examples(_reply(engine, "russia@p.test", signon + "HELP asia"))
    orders = [examples[name] for name in MOVEMENT_FORMS]
    reply = _reply(engine, "russia@p.test", signon + "\n".join(orders))
    for order in orders:
        assert f"> {order}\n  Accepted:" in reply


@pytest.mark.parametrize("variant", ["colonial", "rootz"])
def test_help_variant_writes_its_examples_on_its_own_map(tmp_path: Path, variant: str):
    """HELP colonial showed ``A Par - Bur`` and ``Build A Par`` (no such province in
    Asia); HELP rootz the same (refused there: Paris is on both boards)."""
    engine = migrated_engine(tmp_path)
    text = _reply(engine, "new@p.test", f"HELP {variant}")
    loaded = load_variant(variant)
    syntax = ruleset_for(variant).syntax
    examples = _examples(text)
    assert {"hold", "move", "support", "convoy", "build", "remove"} <= set(examples)
    for name, example in examples.items():
        if name not in ("waive", "canal move"):
            parse_order(loaded, example, syntax)  # no OrderSyntaxError


def test_help_order_word_in_a_game_writes_its_example_on_the_games_map(tmp_path: Path):
    """Signed on to a Colonial game, HELP convoy and HELP build showed the standard
    map's ``F Nth C A Lon - Nwy`` and ``Build A Par``: no such provinces in Asia."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        seats = [Seat(p, f"{p}@p.test", f"pw{p}", p.title()) for p in ("britain", "russia")]
        create_game(session, "asia", seats, variant="colonial")
        session.commit()
    loaded = load_variant("colonial")
    for word in ("convoy", "build", "remove"):
        text = _reply(engine, "russia@p.test", f"SIGNON Rasia pwrussia\nHELP {word}")
        [example] = _examples(text).values()
        parse_order(loaded, example, ruleset_for("colonial").syntax)  # no OrderSyntaxError


@pytest.mark.parametrize("setting", ["loose", "5dplomacy"])
def test_help_timeline_notation_example_is_the_readers_own_move(tmp_path: Path, setting: str):
    """The timeline notation's example was always ``A 1:mun:F1901 - 1:tyr:S1901``:
    for France at the start (no Fall 1901 board, no army in Munich) it was refused."""
    from tests.commands.helpers import multiverse_reply

    examples = _examples(multiverse_reply(tmp_path / "help", setting, "HELP"))
    order = examples["timeline notation"]
    assert order.startswith("F 1:bre:S1901 - 1:")
    reply = multiverse_reply(tmp_path / "order", setting, order)
    assert f"> {order}\n  Accepted:" in reply
