"""A master's PROCESS in a 5dplomacy game names the turns as the game's mails do.

Played by signed mail into a real SQLite file: the reply to ``PROCESS`` said
"W1901A processed ... the game is now in Spring02" (the judge's code for the turn
its results call Spring02-builds), and a PROCESS naming another turn was refused
with codes only ("game game1 is in W1901A, not S1902M", "write e.g. S1901M")."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import inline_mail
from sqlmodel import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from judge.game.processing import set_game_position  # noqa: E402
from judge.rules.registry import ruleset_for_game  # noqa: E402
from judge.store.models import MULTIVERSE_RULES, Game  # noqa: E402
from tests.commands.helpers import (  # noqa: E402
    NOW,
    PASSWORDS,
    address,
    body_of,
    deliver,
    make_mail,
    outbox,
)

_ids = itertools.count(1)
AT = NOW + timedelta(hours=1)
GM = "gm@example.org"


def _reply(engine, config, gm, lines: str) -> str:  # type: ignore[no-untyped-def]
    raw = inline_mail(gm, lines, at=AT)
    raw = raw.replace(b"<test@example.org>", f"<f{next(_ids)}@example.org>".encode())
    before = len(outbox(engine))
    deliver(engine, raw, config, now=AT)
    [reply] = [
        m for m in outbox(engine)[before:] if m["To"] == GM and "read as follows" in body_of(m)
    ]
    return " ".join(body_of(reply).split())


def _fived(engine) -> None:  # type: ignore[no-untyped-def]
    with Session(engine) as session:
        game = session.get(Game, 1)
        assert game is not None
        game.rules, game.adjacency = MULTIVERSE_RULES, "5dplomacy"
        rules = ruleset_for_game(game)
        set_game_position(game, rules.starting_position("standard", adjacency="5dplomacy"))
        session.add(game)
        session.commit()


def test_process_names_the_turns_as_the_game_does(gm_engine, config, gm) -> None:
    _fived(gm_engine)
    germany = f"SIGNON Ggame1 {PASSWORDS['germany']}\nF Kie - Den\n"
    deliver(gm_engine, make_mail(address("germany"), germany), config, now=AT)
    text = _reply(gm_engine, config, gm, "GAME game1\nPROCESS Spring01\nPROCESS Fall01\n")
    assert "Spring01 processed and the results mailed to everyone" in text, text
    assert "Fall01 processed and the results mailed to everyone; the game is now in " in text
    assert "Spring02-builds" in text and "W1901A" not in text, text
    text = _reply(gm_engine, config, gm, "GAME game1\nPROCESS S1902M\nPROCESS Winter01\n")
    assert (
        "game game1 is in Spring02-builds, not Spring02: nothing was done "
        "(write PROCESS Spring02-builds, or PROCESS alone)" in text
    ), text
    assert "'Winter01' is not a phase (write PROCESS Spring02-builds, or PROCESS alone)" in text
    assert "W1901A" not in text, text
    text = _reply(gm_engine, config, gm, "GAME game1\nPROCESS Spring02-builds\nPROCESS\n")
    assert "Spring02-builds processed and the results" in text, text
    assert (
        "the PROCESS line above just processed Spring02-builds: game game1 is now in "
        "Spring02; nothing was done (write PROCESS Spring02 to process that phase too)"
    ) in text, text
