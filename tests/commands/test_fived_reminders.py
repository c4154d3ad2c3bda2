"""The reminder of a 5dplomacy game names the turn and the units as 5dplomacy does
(docs/multiverse.md: what a player reads names the turn without a winter, and
units still without orders are written in 5dplomacy's notation).  Played by mail,
the reminder of the builds step after Fall 1901 said "the orders of Germany for
the Winter 1901 movement phase" and listed ``F 2:den:F1901``, though its subject
said ``Spring02-builds`` and the replies ``F bravo:DEN:Fall01``."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import find_game
from judge.game.processing import orders_missing, set_game_position
from judge.game.reminders import send_reminders
from judge.store.models import MULTIVERSE_RULES
from tests.commands.forming import SENDER
from tests.commands.helpers import NOW, add_game, address, body_of, migrated_engine, outbox

# Alfa's Spring 1902 waits for Germany's builds; bravo plays its Fall 1901.
WORLD = {
    "variant": "standard",
    "rules": {"ruleset": "5dplomacy", "seed": 0},
    "boards": [
        {
            "timeline": 1,
            "phase": "S1902M",
            "adjusting": True,
            "units": [{"power": "germany", "type": "F", "province": "den"}],
            "supply_centers": {"germany": ["ber", "kie", "mun", "den"]},
        },
        {
            "timeline": 2,
            "phase": "F1901M",
            "units": [{"power": "germany", "type": "F", "province": "den"}],
            "supply_centers": {"germany": ["ber", "kie", "mun"]},
        },
    ],
    "history": [],
}


def test_a_5dplomacy_reminder_names_the_turn_and_units_as_5dplomacy_does(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine, expire_on_commit=False) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "5dplomacy"
        set_game_position(game, WORLD)
        session.add(game)
        session.commit()
        game = find_game(session, "game1")
        missing = orders_missing(session, game)
        send_reminders(session, SENDER, game, {"germany": missing["germany"]}, NOW)
        session.commit()
    [mail] = outbox(engine)
    assert mail["To"] == address("germany")
    text = body_of(mail).replace("\r\n", "\n")
    assert "Spring02-builds" in mail["Subject"]
    assert "Winter 1901" not in text and "2:den:F1901" not in text
    assert "for the turn Spring02-builds in game" in " ".join(text.split())
    assert "F bravo:DEN:Fall01" in text
    assert "3 builds on board alfa:Spring02" in text


def test_a_5dplomacy_late_notice_heads_each_board_as_5dplomacy_names_it(tmp_path):
    """The late notice lists what is missing per board under the board's name: in a
    5dplomacy game ``Board bravo:Fall01``, not the reference game's ``Board 2:F1901``."""
    from judge.game.reminders import send_late_notices

    engine = migrated_engine(tmp_path)
    with Session(engine, expire_on_commit=False) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "5dplomacy"
        set_game_position(game, WORLD)
        session.add(game)
        session.commit()
        send_late_notices(session, SENDER, find_game(session, "game1"), ["germany"], NOW, NOW)
        session.commit()
    mail = next(m for m in outbox(engine) if m["To"] == address("germany"))
    text = body_of(mail).replace("\r\n", "\n")
    assert "Board bravo:Fall01: F bravo:DEN:Fall01" in text
    assert "2:F1901" not in text
