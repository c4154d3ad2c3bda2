"""One rule for the master's settings on a finished game: every SET is refused,
and nobody is mailed; only SET NOLIST and SET LIST are taken (whether LIST and the
web show the game: a master tidying a finished game may hide it).  SET PRESS, SET CD
RULE, SET GRACE, SET NOLIST and SET DEDICATION were taken (and mailed to the players)
while SET DIAS, SET PARTIAL and SET ABANDON were refused.  njudge takes SETs on a
terminated game (params.c has no check) because its RESUME reopens it; here ROLLBACK
reopens a finished game, and SET lines after it count."""

from __future__ import annotations

import pytest

from judge.commands.gm_common import MasterCommand
from judge.commands.registry import all_commands
from judge.store.models import FINISHED
from tests.commands.helpers import outcomes
from tests.commands.test_gm_commands import mails

_SETS = sorted(
    cls.keyword
    for cls in all_commands()
    if issubclass(cls, MasterCommand)
    and cls.keyword.startswith("SET ")
    and cls.keyword not in ("SET NOLIST", "SET LIST")
)


# An argument each SET would take in a running game.
_ARGS = {
    "SET PRESS": "grey",
    "SET CD RULE": "classic",
    "SET GRACE": "12h",
    "SET DEDICATION": "10",
    "SET ABANDON": "2",
    "SET DEADLINE": "MOVE 24h",
    "SET TIMING": "MOVE 24h",
}


def test_the_list_of_master_settings_is_the_one_expected() -> None:
    assert {"SET PRESS", "SET CD RULE", "SET DIAS", "SET PARTIAL"} <= set(_SETS)


@pytest.mark.parametrize("keyword", _SETS)
def test_every_master_set_is_refused_on_a_finished_game(gm, session, game1, keyword) -> None:
    gm("GAME game1\nTERMINATE")
    assert game1.status == FINISHED
    sent = len(mails(session))
    ctx = gm(f"GAME game1\n{keyword} {_ARGS.get(keyword, '')}")
    echo, status, message = outcomes(ctx)[-1]
    assert status == "refused", (echo, message)
    assert message.startswith("game game1 is over: its settings no longer change")
    assert "ROLLBACK" in message
    assert mails(session)[sent:] == []  # nobody is told of a change


def test_a_set_after_the_rollback_that_reopens_the_game_counts(gm, session, game1) -> None:
    gm("GAME game1\nPROCESS\nTERMINATE")
    ctx = gm("GAME game1\nROLLBACK S1901M\nSET PRESS grey")
    assert [status for _, status, _ in outcomes(ctx)] == ["ok", "ok", "ok"]
    assert game1.press_mode == "grey"


@pytest.mark.parametrize("hide", ["SET NOLIST", "SET NO LIST", "SET PRIVATE"])
def test_a_finished_game_can_be_hidden_from_list_and_shown_again(gm, game1, hide) -> None:
    """A master tidying a finished game could not hide it from LIST: SET NOLIST was
    refused as a setting that "no longer changes", and the ROLLBACK the refusal
    offered would have reopened the game.  Whether a game is listed is no rule of
    play: njudge's SET NOLIST (data/index 588-591) takes a terminated game too."""
    gm("GAME game1\nTERMINATE")
    ctx = gm(f"GAME game1\n{hide}")
    assert [status for _, status, _ in outcomes(ctx)] == ["ok", "ok"], outcomes(ctx)
    assert game1.unlisted and game1.status == FINISHED
    ctx = gm("GAME game1\nSET LIST")
    assert [status for _, status, _ in outcomes(ctx)] == ["ok", "ok"], outcomes(ctx)
    assert not game1.unlisted
