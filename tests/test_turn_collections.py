"""Python's automatic garbage collections wait while a turn is processed
(judge.game.collector): a big multiverse world made four or five full collections fall
in every turn, each walking the whole world and freeing next to nothing."""

from __future__ import annotations

import gc
import threading

import pytest
from sqlmodel import Session

import judge.game.processing as processing
from judge.game.collector import turn_collections
from judge.game.games import lock_game
from judge.mail.outgoing import Author
from tests.commands.helpers import JUDGE, NOW, add_game, migrated_engine

SENDER = Author("Test Judge", JUDGE, "USIN")


@pytest.fixture
def collector_on():
    """The collector on before the test and as it was after it."""
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


def test_collections_wait_within_and_go_on_after(collector_on) -> None:
    with turn_collections():
        assert not gc.isenabled()
        with turn_collections():  # a nested pause ends with its outer one
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_turned_off_before_stays_off(collector_on) -> None:
    gc.disable()
    with turn_collections():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_the_collector_goes_on_after_a_failing_turn(collector_on) -> None:
    with pytest.raises(RuntimeError), turn_collections():
        raise RuntimeError("the turn failed")
    assert gc.isenabled()


def test_two_threads_turns_resume_after_the_last(collector_on) -> None:
    """The collector is the process's: one thread's turn ending while another's goes
    on leaves it paused until that one ends too."""
    inside, leave = threading.Event(), threading.Event()

    def other_turn() -> None:
        with turn_collections():
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=other_turn)
    with turn_collections():
        thread.start()
        assert inside.wait(10)
    assert not gc.isenabled()  # the other thread's turn still runs
    leave.set()
    thread.join(10)
    assert gc.isenabled()


def test_process_phase_adjudicates_and_reports_with_collections_waiting(
    tmp_path, monkeypatch, collector_on
) -> None:
    seen: list[tuple[str, bool]] = []
    adjudicate, render = processing._adjudicate, processing._render

    def adjudicate_seen(*args, **kwargs):
        seen.append(("adjudicate", gc.isenabled()))
        return adjudicate(*args, **kwargs)

    def render_seen(*args, **kwargs):
        seen.append(("render", gc.isenabled()))
        return render(*args, **kwargs)

    monkeypatch.setattr(processing, "_adjudicate", adjudicate_seen)
    monkeypatch.setattr(processing, "_render", render_seen)
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    with Session(engine) as session:
        outcome = processing.process_phase(session, SENDER, lock_game(session, 1), NOW)
        session.commit()
    engine.dispose()
    assert outcome.phase == "S1901M"
    assert {step for step, _ in seen} == {"adjudicate", "render"}
    assert not any(enabled for _, enabled in seen)
    assert gc.isenabled()
