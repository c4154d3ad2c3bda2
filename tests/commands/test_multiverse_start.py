"""The start mail of a multiverse game: the variant named as its reports name it,
and the timeline:province:turn notation explained with a unit of the game's board."""

from __future__ import annotations

from datetime import timedelta

from judge.game.processing import starting_document
from judge.game.start import start_game
from judge.store.models import MULTIVERSE_RULES, Applicant
from tests.commands.forming import MASTER, SENDER, forming_game, mails_to, registered, text_of
from tests.commands.helpers import NOW


def _start(session, rules: str):
    game = forming_game(session, rules=rules, seed=3)
    game.set_position(starting_document("standard", rules, "loose", 3))
    for minutes, (who, power) in enumerate((("ada", "france"), ("bob", "england"))):
        account = registered(session, f"{who}@players.test")
        session.add(
            Applicant(
                game_id=game.id,
                account_id=account.id,
                password_hash="x",
                preferences=power,
                joined_at=NOW + timedelta(minutes=minutes),
            )
        )
    session.commit()
    start_game(session, SENDER, game, NOW)
    session.commit()
    return game


def test_multiverse_start_mail_explains_the_notation(session):
    _start(session, MULTIVERSE_RULES)
    [ada] = mails_to(session, "ada@players.test")
    text = text_of(ada)
    assert ":: Judge: JUDGE  Game: Newgame  Variant: Standard (multiverse)" in text
    flat = " ".join(text.split())
    # France's first unit on the board (Brest, a fleet), named on timeline 1 in S1901
    assert "timeline:province:turn" in flat
    assert "your fleet in Brest is F 1:bre:S1901" in flat
    assert "F 1:bre:S1901 - 1:eng:S1901 moves it to the English Channel" in flat
    assert "plain orders such as F Bre - Eng work too" in flat  # while there is one timeline
    [bob] = mails_to(session, "bob@players.test")
    assert "your fleet in Edinburgh is F 1:edi:S1901" in " ".join(text_of(bob).split())
    # the master and observers get an example too, from the first unit on the board
    master = " ".join(text_of(mails_to(session, MASTER)[0]).split())
    assert "timeline:province:turn" in master and " 1:" in master


def test_standard_start_mail_has_no_notation_note(session):
    _start(session, "standard")
    text = text_of(mails_to(session, "ada@players.test")[0])
    assert "timeline:province:turn" not in text
    assert "Variant: Standard\n" in text.replace("\r\n", "\n")
