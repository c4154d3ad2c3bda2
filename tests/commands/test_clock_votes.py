"""The players' votes on the game's clock, SET PAUSE, SET RESUME and SET EXTEND
(vDiplomacy's Pause, Unpause and Extend votes; webDiplomacy's pause vote, PR 437),
through the real mail path: a vote passes when every player of a surviving power has
given it, counted as the draw votes are (docs/mail.md, "Votes on the clock")."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.game.deadlines import run_due
from judge.game.games import find_game
from judge.game.processing import set_game_position
from judge.mail.outgoing import Author
from judge.rules.multiverse.json_io import write_world
from judge.store.models import ACTIVE, FINISHED, MULTIVERSE_RULES, PAUSED, Game, Player
from tests.commands.helpers import (
    GM,
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    judge_config,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)
from tests.multiverse.helpers import BASE, board, world

POWERS = list(PASSWORDS)
SENDER = Author("Test Judge", "judge@judge.test", "JUDGE")
CONFIG = judge_config(replies_per_hour=100)


@pytest.fixture
def engine(tmp_path: Path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.master_address = GM
        session.add(game)
        session.commit()
    yield engine
    engine.dispose()


def send(engine: Engine, power: str, lines: str, now=NOW) -> tuple[str, list]:
    """The reply to ``power``'s mail of ``lines`` after its SIGNON, and the other mails
    it made."""
    before = last_outbox_id(engine)
    body = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n{lines}\n"
    deliver(engine, make_mail(address(power), body), CONFIG, now=now)
    mails = outbox(engine, before)
    replies = [m for m in mails if m["In-Reply-To"]]
    assert len(replies) == 1
    return body_of(replies[0]).replace("\r\n", "\n"), [m for m in mails if not m["In-Reply-To"]]


def game_of(engine: Engine) -> Game:
    with Session(engine, expire_on_commit=False) as session:
        game = find_game(session, "game1")
        assert game is not None
        return game


def vote_all(engine: Engine, line: str, powers=POWERS, now=NOW) -> tuple[str, list]:
    """Every power in turn votes ``line``; the last reply and the mails it made."""
    for power in powers[:-1]:
        reply, others = send(engine, power, line, now)
        assert "Refused" not in reply, reply
        assert others == []  # nobody is told of a vote that has not passed
    return send(engine, powers[-1], line, now)


def recipients(mails: list) -> list[str]:
    return sorted(m["To"] for m in mails)


EVERYONE = sorted([*(address(p) for p in POWERS), GM])


def test_a_pause_vote_says_how_many_more_and_names_nobody(engine) -> None:
    reply, others = send(engine, "france", "SET PAUSE")
    assert "Pause vote recorded (votes are secret)." in reply
    assert "6 more players must vote SET PAUSE for game game1 to pause." in reply
    reply, _ = send(engine, "england", "VOTE PAUSE")
    assert "5 more players must vote SET PAUSE" in reply
    assert "France" not in reply.split("VOTE PAUSE", 1)[1].split("Orders for")[0]
    assert game_of(engine).status == ACTIVE


def test_the_last_pause_vote_pauses_the_game_as_the_masters_pause(engine) -> None:
    reply, others = vote_all(engine, "SET PAUSE")
    game = game_of(engine)
    assert (game.status, game.deadline, game.grace_until) == (PAUSED, None, None)
    assert "Every player of a surviving power has voted so. Game game1 is paused" in reply
    assert recipients(others) == EVERYONE  # every player and the master, once each
    assert others[0]["Subject"] == "JUDGE:game1 - S1901M Paused by the players"
    assert "is paused in S1901M: no deadline runs until it resumes" in body_of(others[0])
    assert "Game game1 is paused: no deadline runs until it resumes." in reply
    with Session(engine) as session:  # passed: the votes are cleared
        assert not any(p.pause for p in session.exec(select(Player)))


def test_the_resume_vote_gives_a_new_deadline_from_now(engine) -> None:
    vote_all(engine, "SET PAUSE")
    later = NOW + timedelta(days=5)
    reply, _ = send(engine, "italy", "SET EXTEND\nSET PAUSE", later)
    assert "*** Refused: game game1 is paused" in reply
    assert "game game1 is paused already" in reply
    forms = ["SET RESUME", "SET UNPAUSE", "VOTE RESUME", "VOTE UNPAUSE", "UNPAUSE"]
    lines = [forms[i % len(forms)] for i in range(len(POWERS))]
    for power, line in zip(POWERS[:-1], lines, strict=False):
        reply, others = send(engine, power, line, later)
        assert "Resume vote recorded" in reply and others == []
    reply, others = send(engine, POWERS[-1], lines[-1], later)
    game = game_of(engine)
    assert game.status == ACTIVE
    assert game.deadline is not None
    assert game.deadline.replace(tzinfo=NOW.tzinfo) == later + timedelta(hours=48)
    assert recipients(others) == EVERYONE
    assert others[0]["Subject"] == "JUDGE:game1 - S1901M Resumed by the players"
    assert "Game game1 resumes in S1901M; the deadline is" in body_of(others[0])


def test_a_resume_vote_in_a_running_game_is_refused(engine) -> None:
    reply, _ = send(engine, "france", "SET RESUME")
    assert "*** Refused: game game1 is running, not paused" in reply


def test_the_extend_vote_moves_the_deadline_by_the_phase_length_once_a_phase(engine) -> None:
    before = game_of(engine).deadline
    reply, others = vote_all(engine, "SET EXTEND")
    game = game_of(engine)
    assert game.deadline == before + timedelta(hours=48)
    assert "is extended by 48 hours, to" in reply
    assert recipients(others) == EVERYONE
    assert others[0]["Subject"] == "JUDGE:game1 - S1901M Deadline extended"
    again, _ = send(engine, "france", "VOTE EXTEND")
    assert "*** Refused: the deadline of S1901M was extended once already (once a phase)" in again


def test_an_extension_after_the_deadline_counts_from_now(engine) -> None:
    late = NOW + timedelta(hours=50)  # in the grace period
    vote_all(engine, "SET EXTEND", now=late)
    game = game_of(engine)
    assert game.deadline.replace(tzinfo=NOW.tzinfo) == late + timedelta(hours=48)
    assert game.grace_until is None


def test_a_vote_taken_back_is_missing_again(engine) -> None:
    send(engine, "france", "SET PAUSE")
    reply, _ = send(engine, "france", "SET NOPAUSE")
    assert "Pause vote withdrawn." in reply
    reply, _ = send(engine, "england", "SET PAUSE")
    assert "6 more players must vote" in reply
    for power, back in (("italy", "SET NOEXTEND"), ("russia", "SET NORESUME")):
        reply, _ = send(engine, power, back)
        assert "withdrawn" in reply and "Refused" not in reply


def test_the_votes_are_cleared_when_the_phase_is_processed(engine) -> None:
    for power in POWERS[:-1]:
        send(engine, power, "SET PAUSE\nSET EXTEND")
    run_due(engine, SENDER, now=NOW + timedelta(hours=72, minutes=1))  # deadline and grace
    game = game_of(engine)
    assert (game.phase, game.status) == ("F1901M", ACTIVE)
    reply, _ = send(engine, "turkey", "SET PAUSE", NOW + timedelta(hours=73))
    assert "6 more players must vote SET PAUSE" in reply


def test_a_resigned_power_no_longer_counts(engine) -> None:
    for power in POWERS[:-1]:
        send(engine, power, "SET PAUSE")
    reply, others = send(engine, "turkey", "RESIGN")
    assert "Game game1 is paused in S1901M" in reply
    assert game_of(engine).status == PAUSED
    paused = [m for m in others if "Paused by the players" in m["Subject"]]
    assert recipients(paused) == sorted([*(address(p) for p in POWERS[:-1]), GM])


def test_an_eliminated_power_does_not_vote_and_is_not_waited_for(engine) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        doc = game.position_doc()
        doc["units"] = [u for u in doc["units"] if u["power"] != "turkey"]
        doc["supply_centers"].pop("turkey")
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    reply, _ = send(engine, "turkey", "SET PAUSE")
    assert "*** Refused: you have no units or centres and cannot vote on a pause" in reply
    reply, _ = send(engine, "france", "SET EXTEND")
    assert "5 more players must vote SET EXTEND" in reply


def test_votes_off_by_the_master_are_refused_and_shown_in_list(engine) -> None:
    reply, _ = send(engine, "france", "LIST")
    assert "Player votes to pause, resume or extend: on" in reply
    with Session(engine) as session:
        game = find_game(session, "game1")
        game.player_votes = False
        session.add(game)
        session.commit()
    reply, others = send(engine, "france", "SET PAUSE\nSET EXTEND\nSET NOPAUSE\nLIST\nSUMMARY")
    refusal = "*** Refused: the game master has turned off the players' votes"
    assert reply.count(refusal) == 3
    off = "Player votes to pause, resume or extend: off (SET NO PLAYER VOTES)"
    assert off in reply  # LIST
    assert [off in body_of(m) for m in others] == [True]  # SUMMARY's mail


def test_no_vote_in_a_finished_game(engine) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        game.status = FINISHED
        session.add(game)
        session.commit()
    reply, _ = send(engine, "france", "SET PAUSE\nSET EXTEND\nUNPAUSE")
    assert reply.count("*** Refused: game game1 is finished") == 3


def test_a_players_unsigned_pause_is_refused_with_the_vote_to_write(engine) -> None:
    reply, _ = send(engine, "france", "PAUSE\nRESUME")
    assert "a master's key (players vote for a pause with SET PAUSE)" in reply
    assert "a master's key (players vote to resume with SET RESUME)" in reply
    assert game_of(engine).status == ACTIVE


def test_help_lists_the_votes(engine) -> None:
    reply, _ = send(engine, "france", "HELP")
    for form in ("SET PAUSE", "SET RESUME", "SET EXTEND", "SET NOPAUSE", "SET PLAYER VOTES"):
        assert form in reply


def test_a_multiverse_game_counts_powers_not_boards(engine) -> None:
    """France is on two boards and Germany on one: two votes pause the world."""
    two_boards = world(
        board(1, "S1902", "france A bur, A gas; germany A mun", {"france": ["par", "bre"]}),
        board(2, "S1902", "france A pic", {"germany": ["ber"]}),
    )
    doc = dict(write_world(BASE, two_boards), variant="standard")
    doc["rules"] = {"adjacency": "loose", "seed": 1}
    with Session(engine) as session:
        game = find_game(session, "game1")
        game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    reply, _ = send(engine, "italy", "SET PAUSE")
    assert "you have no units or centres and cannot vote on a pause" in reply
    reply, others = send(engine, "france", "SET PAUSE")
    assert "1 more player must vote SET PAUSE for game game1 to pause." in reply
    assert others == []
    reply, others = send(engine, "germany", "VOTE PAUSE")
    assert game_of(engine).status == PAUSED
    assert recipients(others) == EVERYONE


def test_get_deadlines_gives_the_votes_on_the_clock(engine) -> None:
    reply, _ = send(engine, "france", "GET deadlines")
    for form in ("SET PAUSE", "SET RESUME", "SET EXTEND", "SET PLAYER VOTES"):
        assert f"{form}: " in reply


def test_the_one_word_forms_are_votes_not_greetings(engine) -> None:
    reply, _ = send(engine, "france", "EXTEND\nVOTE TO PAUSE\nNOPAUSE\nVOTE EXTENSION")
    assert "ignored" not in reply
    assert reply.count("Extend vote recorded") == 2
    assert "Pause vote recorded" in reply and "Pause vote withdrawn." in reply


@pytest.mark.parametrize(
    "line", ["SET EXTEND 2 days", "VOTE EXTEND 48 hours", "SET EXTEND 48h", "EXTEND by 2d"]
)
def test_an_extend_vote_naming_the_phases_own_length_is_a_vote(engine, line):
    """``SET EXTEND 48 hours`` in a phase 48 hours long asks for what the vote does:
    before, it was refused as if it asked for another amount."""
    reply, _ = send(engine, "france", line)
    assert "Extend vote recorded" in reply, reply
    assert "*** Refused" not in reply
    with Session(engine) as session:
        france = session.exec(select(Player).where(Player.power == "france")).one()
        assert france.extend


@pytest.mark.parametrize("line", ["SET EXTEND 1 day", "VOTE EXTEND 24 hours", "EXTEND 1"])
def test_an_extend_vote_with_a_length_says_it_extends_by_one_phase_length(engine, line):
    """A player who wrote a length was told only "expected: SET EXTEND", as if the
    command were not understood; the vote extends by the phase's length and no
    other amount (njudge has no player extend vote), and the refusal says so."""
    reply, _ = send(engine, "france", line)
    assert "extends the deadline by one phase length (48 hours for S1901M)" in reply
    assert "write SET EXTEND alone" in reply
    with Session(engine) as session:
        france = session.exec(select(Player).where(Player.power == "france")).one()
        assert not france.extend
