"""CREATE ... VARIANT colonial RULES MULTIVERSE by mail: a multiverse game on the
Colonial map, whose mail orders include the railroad and the canal."""

from __future__ import annotations

from judge.game.games import find_game
from judge.rules.registry import ruleset_for_game
from tests.commands.test_gm_commands import message, statuses


def test_create_a_multiverse_colonial_game(gm, session) -> None:  # noqa: F811
    ctx = gm("CREATE asia VARIANT colonial RULES MULTIVERSE")
    assert statuses(ctx) == ["ok"], message(ctx)
    game = find_game(session, "asia")
    assert game is not None
    assert (game.variant, game.rules) == ("colonial", "multiverse")
    doc = game.position_doc()
    (board,) = doc["boards"]
    assert board["phase"] == "S1870M"
    ruleset = ruleset_for_game(game)
    (rail,) = ruleset.check_orders(doc, "russia", ["A Mos - TSR - Vla"])
    assert (rail.ok, rail.canonical) == (True, "A 1:mos:S1870 - TSR - vla")
