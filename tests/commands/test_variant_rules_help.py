"""What a new player learns of a variant's rules by mail: njudge's ``GET
info.<variant>`` (its help index points players of Colonial to ``info.colonial``),
``HELP <variant>`` and ``HELP <rule>`` give the variant's rules in words, victory
included, with its order forms.  Played through the real mail path."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import body_of, deliver, make_mail, migrated_engine, outbox

NEWCOMER = "newcomer@p.test"


def _reply(tmp_path: Path, body: str) -> str:
    engine = migrated_engine(tmp_path)
    deliver(engine, make_mail(NEWCOMER, body))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    engine.dispose()
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("variant", "facts"),
    [
        (
            "colonial",
            ["Trans-Siberian Railroad", "Hong Kong", "30 supply centres", "A Mos - TSR - Vla"],
        ),
        ("rootz", ["two standard boards", "28 centres summed", "Marseilles 1 borders Piedmont 2"]),
        ("outerspace", ["three armies", "18 of the 34", "jammed", "A ORB - Par"]),
    ],
)
def test_njudge_get_info_variant_gives_its_rules_and_orders(tmp_path, variant, facts):
    """GET info.colonial was refused: "this judge has no file 'info.colonial'"."""
    text = _reply(tmp_path, f"GET info.{variant}")
    assert "*** Refused" not in text
    for fact in facts:
        assert fact in text


@pytest.mark.parametrize(
    ("variant", "fact"),
    [("colonial", "30 supply centres"), ("rootz", "28 centres"), ("outerspace", "18 of the 34")],
)
def test_help_variant_states_its_victory(tmp_path, variant, fact):
    assert fact in _reply(tmp_path, f"HELP {variant}")


@pytest.mark.parametrize(
    ("topic", "fact"),
    [
        ("victory", "28 centres summed"),
        ("win", "30 supply centres"),
        ("boards", "write every province with its board's number"),
        ("jamming", "Nobody beams down into another empire's colony"),
    ],
)
def test_help_names_a_variants_rule(tmp_path, topic, fact):
    """HELP victory, HELP boards, HELP jamming were refused as no command or rule."""
    text = _reply(tmp_path, f"HELP {topic}")
    assert "*** Refused" not in text
    assert fact in text


def test_help_game_gives_the_variants_rules_before_its_orders(tmp_path):
    """HELP asia (and HELP after SIGNON) listed only the order forms: a Colonial
    player was never told what wins, nor how Hong Kong counts."""
    from sqlmodel import Session

    from judge.game.games import Seat, create_game

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        seats = [Seat("china", "c@p.test", "pwchina", "C")]
        create_game(session, "asia", seats, variant="colonial")
        session.commit()
    deliver(engine, make_mail("c@p.test", "SIGNON Casia pwchina\nHELP"))
    text = " ".join(body_of(outbox(engine)[-1]).split())
    assert "Victory (Colonial Diplomacy): 30 supply centres that count win" in text
    assert "Hong Kong (Colonial Diplomacy):" in text
    assert text.index("Victory (Colonial") < text.index("Orders in game asia")


def test_the_start_mail_says_the_variant_has_rules_of_its_own(tmp_path):
    """A Colonial start mail taught the railroad's order to Russia but told nobody
    that the game has rules of its own (Hong Kong, victory at 30), nor where to
    read them."""
    from sqlmodel import Session

    from judge.game.games import create_game
    from judge.store.models import FORMING
    from tests.commands.forming import registered

    powers = ("britain", "china", "france", "holland", "japan", "russia", "turkey")
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        create_game(session, "asia", [], variant="colonial", status=FORMING)
        for power in powers:
            registered(session, f"{power}@p.test")
        session.commit()
    for power in powers:
        deliver(engine, make_mail(f"{power}@p.test", f"JOIN asia pw{power}x {power}"))
    [start] = [
        " ".join(body_of(m).split())
        for m in outbox(engine)
        if m["To"] == "china@p.test" and "Game Starting" in str(m["Subject"])
    ]
    assert (
        "Colonial Diplomacy has rules of its own (Trans-Siberian Railroad, Suez Canal, "
        "Hong Kong, Victory): HELP asia gives them in words, with every order form."
    ) in start


@pytest.mark.parametrize(
    ("setting", "facts"),
    [
        ("loose", ["Victory (multiverse):", "unique supply centres", "at least 18"]),
        (
            "5dplomacy",
            ["Victory (5dplomacy):", "eliminated in one timeline", "Builds (5dplomacy):"],
        ),
    ],
)
def test_help_victory_in_a_multiverse_game(tmp_path, setting, facts):
    """HELP victory in a multiverse game was refused (the standard map has no special
    rules), though victory there is the most unique centres across the boards."""
    from tests.commands.helpers import multiverse_reply

    text = " ".join(multiverse_reply(tmp_path, setting, "HELP victory\nHELP builds").split())
    assert "*** Refused" not in text
    for fact in facts:
        assert fact in text


def test_help_victory_in_a_standard_game(tmp_path):
    """A standard game's player asking HELP victory was refused."""
    from sqlmodel import Session

    from tests.commands.helpers import PASSWORDS, add_game, address

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail(address("france"), signon + "HELP victory"))
    text = " ".join(body_of(outbox(engine)[-1]).split())
    assert "Victory (Standard Diplomacy): 18 of the 34 supply centres win" in text
