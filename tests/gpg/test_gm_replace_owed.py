"""A master's REPLACE in an adjustment phase tells the new player what the power owes.

Before, the "you now play" mail gave the game, the SIGNON line and the position, but
not the builds or removals the power owed (per board in a multiverse game): the
other players had learnt them from the results, the new player had to count them.
Now the mail ends with the power's orders and what is still owed, in the words of a
reply to orders ("Adjustments not yet ordered: 1 removal")."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import inline_mail
from sqlmodel import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from judge.game.games import find_game  # noqa: E402
from judge.game.processing import set_game_position  # noqa: E402
from judge.store.models import MULTIVERSE_RULES  # noqa: E402
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402
from tests.commands.test_multiverse_pause_adjustments import WORLD  # noqa: E402
from tests.test_owed_in_replies import WINTER  # noqa: E402

AT = NOW + timedelta(hours=1)
NEW = "new.player@example.com"


def _replaced(engine, config, gm, power: str) -> str:  # type: ignore[no-untyped-def]
    """The text of the mail telling NEW that the master gave them ``power``."""
    before = len(outbox(engine))
    raw = inline_mail(gm, f"GAME game1\nREPLACE {power} {NEW} sesame42\n", at=AT)
    deliver(engine, raw, config, now=AT)
    [mail] = [m for m in outbox(engine)[before:] if m["To"] == NEW]
    return body_of(mail).replace("\r\n", "\n")


def _set(engine, position: dict, multiverse: bool = False) -> None:  # type: ignore[type-arg]
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None
        if multiverse:
            game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        set_game_position(game, position)
        session.add(game)
        session.commit()


def test_the_new_player_learns_the_removal_owed(gm_engine, config, gm) -> None:
    _set(gm_engine, WINTER)
    text = _replaced(gm_engine, config, gm, "Germany")
    assert "Orders for Germany in game game1, W1901A:\n  (none yet)\n" in text, text
    assert "Adjustments not yet ordered: 1 removal\n" in text


def test_the_new_player_learns_the_builds_owed_on_each_board(gm_engine, config, gm) -> None:
    _set(gm_engine, WORLD, multiverse=True)
    text = _replaced(gm_engine, config, gm, "Germany")
    assert "Adjustments not yet ordered: 2 builds on timeline 1, W1901" in text, text
