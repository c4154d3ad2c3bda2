"""Issue 27, "Done when": a mail to a multiverse game reads the stored world once,
whatever its length; the parsed position is kept per database and text
(judge.store.positions) and never served once the position changed: by a turn,
by ROLLBACK, by a master's command, by another process."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import pytest
from sqlalchemy import event
from sqlmodel import Session

import judge.rules.multiverse.json_io as json_io
import judge.rules.multiverse.mail_orders as mail_orders
from judge.game.games import find_game
from judge.game.processing import process_phase, rollback_to, set_game_position, starting_document
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import MULTIVERSE_RULES
from judge.store.positions import PositionMemo, derived, memo_of
from tests.commands.helpers import (
    JUDGE,
    NOW,
    add_game,
    address,
    deliver,
    make_mail,
    migrated_engine,
)

SIGNON = "SIGNON Fgame1 paris11\n"
SENDER = Author("Test Judge", JUDGE, "USIN")


def _engine_with_game(tmp_path, rules: str = MULTIVERSE_RULES):
    """A migrated database holding game1, played by ``rules``, at its start."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules = rules
        set_game_position(game, starting_document("standard", rules, "loose", 1))
        session.add(game)
        session.commit()
    return engine


@pytest.fixture
def engine(tmp_path):
    engine = _engine_with_game(tmp_path)
    yield engine
    engine.dispose()


def _counting(monkeypatch, module, name: str) -> list[int]:
    calls = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_mail_reads_the_world_once_and_its_next_mail_not_at_all(engine, monkeypatch) -> None:
    reads = _counting(monkeypatch, mail_orders, "read_world")
    body = SIGNON + "A 1:par:S1901 - 1:bur:S1901\nA 1:mar:S1901 H\nF 1:bre:S1901 - 1:mao:S1901\n"
    deliver(engine, make_mail(address("france"), body))
    assert reads[0] == 1  # checks, owed and allowances of every line share one reading
    deliver(engine, make_mail(address("france"), body))
    assert reads[0] == 1  # the same position: read by the first mail


def test_checking_orders_parses_no_history(engine, monkeypatch) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        doc = game.position_doc()
    doc["history"] = [{"power": "france", "order": "A 1:par:S1901 H", "turn": 0}]
    parses = _counting(monkeypatch, json_io, "parse_order")
    checks = ruleset_for_game(game).check_orders(doc, "france", ["A 1:par:S1901 H"])
    assert checks[0].ok and parses[0] == 0


def test_the_memo_gives_the_kept_position_only_for_the_same_version() -> None:
    memo = PositionMemo(size=2)
    loads: list[str] = []

    def text(doc: str):
        return lambda: loads.append(doc) or doc

    first = memo.read(1, 10, text('{"phase": "S1901M"}'))
    assert memo.read(1, 10, text("not read")) is first and len(loads) == 1
    assert memo.read(1, 11, text('{"phase": "F1901M"}'))["phase"] == "F1901M"
    assert derived(memo.read(2, 10, text("{}")), "n", lambda: 1) == 1
    memo.read(3, 10, text("{}"))
    assert memo.parsed == 4
    memo.read(1, 11, text('{"phase": "F1901M"}'))  # left out by the two read since
    assert memo.parsed == 5
    small = PositionMemo(size=8, chars=30)
    small.read(1, 1, text('{"phase": "S1901M"}'))
    small.read(2, 1, text('{"phase": "S1901M"}'))  # the two texts together exceed 30
    small.read(1, 1, text('{"phase": "S1901M"}'))
    assert small.parsed == 3


def _france_check(engine, order: str) -> bool:
    with Session(engine) as session:
        game = find_game(session, "game1")
        position = game.position_view()
        return ruleset_for_game(game).check_orders(position, "france", [order])[0].ok


def test_a_turn_a_rollback_and_a_masters_change_are_never_served_stale(engine) -> None:
    assert _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")
    with Session(engine) as session:
        game = find_game(session, "game1")
        process_phase(session, SENDER, game, NOW)
        session.commit()
    assert not _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")  # a past board now
    assert _france_check(engine, "A 1:par:F1901 - 1:bur:F1901")
    with Session(engine) as session:
        game = find_game(session, "game1")
        rollback_to(session, SENDER, game, "S1901M", NOW)
        session.commit()
    assert _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")
    with Session(engine) as session:  # a master's command storing a new position
        game = find_game(session, "game1")
        doc = game.position_doc()
        doc["boards"][0]["units"] = [u for u in doc["boards"][0]["units"] if u["province"] != "par"]
        set_game_position(game, doc)
        session.commit()
    assert not _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")


def test_a_position_written_by_another_process_is_read_anew(engine) -> None:
    assert _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")
    script = textwrap.dedent(
        f"""
        from sqlmodel import Session
        from judge.game.games import find_game
        from judge.game.processing import set_game_position
        from judge.store.db import make_engine
        engine = make_engine({str(engine.url)!r})
        with Session(engine) as session:
            game = find_game(session, "game1")
            doc = game.position_doc()
            units = doc["boards"][0]["units"]
            doc["boards"][0]["units"] = [u for u in units if u["province"] != "par"]
            set_game_position(game, doc)
            session.commit()
        """
    )
    subprocess.run([sys.executable, "-c", script], check=True)
    before = memo_of(engine).parsed
    assert not _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")
    assert memo_of(engine).parsed == before + 1


def test_history_entries_read_from_text_still_raise_on_bad_text() -> None:
    doc = starting_document("standard", MULTIVERSE_RULES, "loose", 1)
    doc["history"] = [{"power": "france", "order": "A 1:par:S1901 dances"}]
    with pytest.raises(json_io.WorldDocumentError):
        json_io.read_world(json_io.base_map_for("standard"), doc)


def test_the_first_mail_after_a_turn_finds_the_new_world_read(engine, monkeypatch) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        process_phase(session, SENDER, game, NOW)
        session.commit()
    reads = _counting(monkeypatch, mail_orders, "read_world")
    body = SIGNON + "A 1:par:F1901 - 1:bur:F1901\n"
    deliver(engine, make_mail(address("france"), body))
    assert reads[0] == 0  # read by the turn, for the mails to come
    assert _france_check(engine, "A 1:par:F1901 - 1:bur:F1901")


def _position_loads(engine) -> list[str]:
    """The statements on ``engine`` that load a game's position text (not its version)."""
    loads: list[str] = []

    def seen(_conn, _cursor, statement, *_args) -> None:
        if re.search(r"\bgame_position\.position\b", statement) and statement.startswith("SELECT"):
            loads.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    return loads


def test_a_mail_loads_the_position_text_only_when_the_position_changed(engine) -> None:
    body = SIGNON + "A 1:par:S1901 - 1:bur:S1901\nA 1:mar:S1901 H\n"
    deliver(engine, make_mail(address("france"), body))
    loads = _position_loads(engine)
    deliver(engine, make_mail(address("france"), body))
    assert loads == []  # the memo's version is the stored one: no text loaded
    with Session(engine) as session:
        set_game_position(find_game(session, "game1"), _without(session, "mar"))
        session.commit()
    del loads[:]
    deliver(engine, make_mail(address("france"), body))
    assert len(loads) == 1


def _without(session, province: str) -> dict:
    """The game's position without the unit in ``province`` on the first board."""
    doc = find_game(session, "game1").position_doc()
    units = doc["boards"][0]["units"]
    doc["boards"][0]["units"] = [u for u in units if u["province"] != province]
    return doc


def test_a_position_written_and_rolled_back_is_never_served(engine) -> None:
    with Session(engine) as session:  # written, read through the memo, rolled back
        game = find_game(session, "game1")
        set_game_position(game, _without(session, "par"))
        assert "par" not in str(game.position_view()["boards"][0]["units"])
        session.rollback()
    assert _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")
    with Session(engine) as session:  # the next write's version is not the rolled back one
        set_game_position(find_game(session, "game1"), _without(session, "mar"))
        session.commit()
    assert _france_check(engine, "A 1:par:S1901 - 1:bur:S1901")
    assert not _france_check(engine, "A 1:mar:S1901 H")


def test_every_write_of_the_position_gives_it_a_new_version(engine) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        versions = {game.position_version}
        game.position = game.position  # even the same text, written directly
        versions.add(game.position_version)
        game.set_position(game.position_doc())
        versions.add(game.position_version)
        set_game_position(game, game.position_doc())
        versions.add(game.position_version)
    assert len(versions) == 4


@pytest.mark.parametrize(
    ("rules", "order"),
    [("standard", "A par - bur"), (MULTIVERSE_RULES, "A 1:par:S1901 - 1:bur:S1901")],
)
def test_a_turn_hands_its_new_position_to_the_memo_as_stored(tmp_path, rules, order) -> None:
    """The position a turn keeps for the next readers (not parsed again from the
    text it stored) is the one the stored text gives."""
    engine = _engine_with_game(tmp_path, rules)
    deliver(engine, make_mail(address("france"), f"{SIGNON}{order}\n"))
    with Session(engine) as session:
        game = find_game(session, "game1")
        shared, text = game.position_view(), game.position  # as the game's mails left it
        parsed = memo_of(engine).parsed
        process_phase(session, SENDER, game, NOW)
        session.commit()
    assert shared == json.loads(text)  # the turn read the shared position, never changed it
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game.position_view() == json.loads(game.position)
        assert "bur" in str(game.position_view())  # the order was adjudicated
    assert memo_of(engine).parsed == parsed  # neither text parsed again: kept
    engine.dispose()
