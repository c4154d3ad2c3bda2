"""njudge's master settings (jonmarkgo/njudge data/index): SET GUNBOAT is read as this
judge's SET ANONYMOUS; the settings it has not (SET NMR, SET MODERATED, SET COMMENT,
SET CONCESSIONS, SET ALL PRESS, SET LATE COUNT, SET MAX ABSENCE, SET MOVE, SET WATCH
ALL PRESS, SET REVEAL ...) were
answered "unknown command": each is now refused as njudge's, with what is offered."""

from __future__ import annotations

import pytest

from judge.game.games import find_game
from tests.commands.helpers import outcomes


@pytest.mark.parametrize(
    ("line", "named", "instead"),
    [
        ("SET NMR", "SET NMR", "SET GRACE PROCESS"),
        ("SET NONMR", "SET NO NMR", "SET GRACE WAIT"),
        ("SET NO NMR", "SET NO NMR", "SET GRACE WAIT"),
        ("SET CD", "SET CD", "SET GRACE PROCESS"),
        ("SET MODERATED", "SET MODERATED", "has its master"),
        ("SET COMMENT Fast game, experienced players", "SET COMMENT", "BROADCAST"),
        ("SET CONCESSIONS", "SET CONCESSIONS", "SET CONCEDE"),
        ("SET NO CONCESSIONS", "SET NO CONCESSIONS", "SET NODIAS"),
        ("SET ALL PRESS", "SET ALL PRESS", "copy of every broadcast"),
        ("SET LATE COUNT", "SET LATE COUNT", "INFO PLAYER"),
        ("SET MAX ABSENCE 20", "SET MAX ABSENCE", "14 days"),
        ("SET MOVE MIN 24 NEXT 48", "SET MOVE", "SET DEADLINE MOVE <rules>"),
        ("SET RETREAT NEXT 24", "SET RETREAT", "SET DEADLINE RETREAT"),
        ("SET WATCH ALL PRESS", "SET WATCH ALL PRESS", "never press between players"),
        ("SET NO WATCH ALL PRESS", "SET NO WATCH ALL PRESS", "never get press"),
        ("SET NOREVEAL", "SET NO REVEAL", "shown once it ends"),
        ("SET REVEAL", "SET REVEAL", "shown once it ends"),
    ],
)
def test_njudge_settings_not_offered_say_so(gm, game1, line, named, instead) -> None:
    ctx = gm(f"GAME game1\n{line}")
    [_, (echo, status, text)] = outcomes(ctx)
    assert (echo, status) == (line, "refused")
    assert text.startswith(f"njudge's {named} is not offered here (nothing was changed): ")
    assert instead in text and "unknown" not in text


def test_set_gunboat_is_set_anonymous(gm, session) -> None:
    ctx = gm("CREATE alpha\nSET GUNBOAT")
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "ok"]
    assert find_game(session, "alpha").anonymous
    ctx = gm("GAME alpha\nSET NO GUNBOAT\nSET GUNBOAT now")
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "ok", "refused"]
    assert not find_game(session, "alpha").anonymous
