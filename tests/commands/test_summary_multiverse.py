"""SUMMARY of a multiverse game says what its timelines are: how many, how many
boards, the active ones, and where each timeline forked (the ruleset's
``timeline_lines``, written for a game's summary but given only by the demo's);
a one-board game has no such line."""

from __future__ import annotations

import copy

from sqlmodel import Session

from judge.game.processing import set_game_position
from judge.rules.registry import ruleset_for_game
from judge.store.models import MULTIVERSE_RULES
from tests.commands.helpers import add_game, body_of, deliver, make_mail, migrated_engine, outbox

READER = "reader@players.test"


def _summary(engine) -> str:
    deliver(engine, make_mail(READER, "SUMMARY game1\n"))
    [mail] = [m for m in outbox(engine) if "Summary" in m["Subject"]][-1:]
    return body_of(mail).replace("\r\n", "\n")


def test_the_summary_of_a_forked_multiverse_game_names_its_timelines(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        doc = ruleset_for_game(game).starting_position("standard", adjacency="loose")
        first = doc["boards"][0]
        fork = copy.deepcopy(first)
        fork["timeline"], first["child_timelines"] = 2, [2]
        doc["boards"].append(fork)
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    text = _summary(engine)
    assert "Timelines: 2; boards: 2; active boards: timeline 1 S1901M, timeline 2 S1901M." in text
    assert "Timeline 2 forked from timeline 1 at S1901M." in text


def test_a_one_board_game_s_summary_has_no_timelines(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    assert "Timeline" not in _summary(engine)
