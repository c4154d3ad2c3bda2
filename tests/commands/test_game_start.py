"""Starting a game (judge.game.start) and ending one (judge.game.end)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from judge.game.end import end_game
from judge.game.games import find_game
from judge.game.start import assign_powers, start_game
from judge.store.models import (
    ACTIVE,
    FINISHED,
    REPORT_ANNOUNCEMENT,
    REPORT_START,
    Applicant,
    GameReport,
    Observer,
    Player,
    as_utc,
)
from tests.commands.forming import MASTER, SENDER, forming_game, mails_to, registered, text_of
from tests.commands.helpers import NOW

POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


def _join(session, game, address, preferences="", zone="UTC", minutes=0):
    account = registered(session, address, zone)
    session.add(
        Applicant(
            game_id=game.id,
            account_id=account.id,
            password_hash=f"hash-of-{address}",
            preferences=preferences,
            joined_at=NOW + timedelta(minutes=minutes),
        )
    )
    session.commit()
    return account


def _powers(session, game):
    rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
    return {p.account_id: p.power for p in rows}


def test_preferences_are_served_in_join_order():
    prefs = [["france", "england"], ["france", "germany"], ["france"], []]
    got = assign_powers(prefs, POWERS, seed=1)
    assert got[:2] == ["france", "germany"]
    assert got[2] not in ("france", "germany") and got[3] not in got[:3]
    assert len(set(got)) == 4


def test_random_assignment_follows_the_seed():
    empty = [[] for _ in POWERS]
    first = assign_powers(empty, POWERS, seed=7)
    assert first == assign_powers(empty, POWERS, seed=7)
    assert sorted(first) == POWERS
    others = {tuple(assign_powers(empty, POWERS, seed=s)) for s in range(10)}
    assert len(others) > 1, "the seed must change the draw"


def test_more_applicants_than_powers_is_an_error():
    with pytest.raises(ValueError):
        assign_powers([[]] * 3, ["france", "italy"], seed=0)


def test_start_turns_applicants_into_players_and_starts_the_clock(session):
    game = forming_game(session, seed=5)
    ada = _join(session, game, "ada@players.test", "italy,france")
    bob = _join(session, game, "bob@players.test", "italy", minutes=1)
    start_game(session, SENDER, game, NOW)
    session.commit()
    powers = _powers(session, game)
    assert powers[ada.id] == "italy" and powers[bob.id] != "italy"
    assert session.exec(select(Applicant).where(Applicant.game_id == game.id)).all() == []
    player = session.exec(select(Player).where(Player.account_id == ada.id)).one()
    assert player.password_hash == "hash-of-ada@players.test" and player.status == "playing"
    assert game.status == ACTIVE
    assert as_utc(game.deadline) == NOW + timedelta(hours=48)  # default movement timing
    [report] = session.exec(select(GameReport).where(GameReport.game_id == game.id)).all()
    assert report.kind == REPORT_START and report.phase == "S1901M"
    assert "ada@players.test" in report.text and "You have been selected" not in report.text


def test_start_mail_tells_each_player_their_power_the_others_and_the_deadline(session):
    game = forming_game(session)
    _join(session, game, "ada@players.test", "england", zone="Europe/Paris")
    _join(session, game, "bob@players.test", "turkey")
    observer = registered(session, "watcher@players.test")
    session.add(Observer(game_id=game.id, account_id=observer.id))
    start_game(session, SENDER, game, NOW)
    session.commit()
    [mail] = mails_to(session, "ada@players.test")
    text = text_of(mail)
    assert mail["Subject"] == "JUDGE:newgame - S1901M Game Starting"
    assert "You have been selected as England in game 'newgame'" in text
    assert "Turkey:      bob@players.test" in text
    assert "England: Fleet London." in text
    assert "Mon Nov 23 2026 12:00:00 +0000" in text
    assert "Your time: Mon 23 Nov 2026 13:00 CET (12:00 UTC)." in text
    assert "Nobody plays Austria, France, Germany, Italy, Russia: those powers are" in text
    for other in ("watcher@players.test", MASTER):
        [mail] = mails_to(session, other)
        assert "You have been selected" not in text_of(mail)
        assert "Turkey:      bob@players.test" in text_of(mail)


def test_anonymous_start_mail_hides_the_players_except_from_the_master(session):
    game = forming_game(session, anonymous=True)
    _join(session, game, "ada@players.test", "england")
    _join(session, game, "bob@players.test", "turkey")
    start_game(session, SENDER, game, NOW)
    session.commit()
    ada = text_of(mails_to(session, "ada@players.test")[0])
    assert "bob@players.test" not in ada and "ada@players.test" not in ada
    assert "Turkey:      (anonymous)" in ada
    assert "bob@players.test" in text_of(mails_to(session, MASTER)[0])
    report = session.exec(select(GameReport).where(GameReport.game_id == game.id)).one()
    assert "bob@players.test" not in report.text


def test_only_a_forming_game_with_applicants_starts(session):
    with pytest.raises(ValueError, match="is active, not forming"):
        start_game(session, SENDER, find_game(session, "game1"), NOW)
    with pytest.raises(ValueError, match="no one has joined it"):
        start_game(session, SENDER, forming_game(session), NOW)


def test_end_game_finishes_tells_everyone_and_keeps_the_announcement(session):
    game = find_game(session, "game1")
    watcher = registered(session, "watcher@players.test")
    session.add(Observer(game_id=game.id, account_id=watcher.id))
    game.master_address = MASTER
    end_game(session, SENDER, game, "Draw declared between every surviving power.", NOW)
    session.commit()
    assert game.status == FINISHED and game.deadline is None and game.grace_until is None
    assert game.outcome == "Draw declared between every surviving power."
    for who in ("france@players.test", "watcher@players.test", MASTER):
        [mail] = mails_to(session, who)
        assert mail["Subject"] == "JUDGE:game1 - S1901M Game Over"
        body = text_of(mail)
        assert "Draw declared between every surviving power." in body
        assert "Russia    4 centres" in body and "France    3 centres" in body
    report = session.exec(select(GameReport).where(GameReport.game_id == game.id)).one()
    assert report.kind == REPORT_ANNOUNCEMENT and "Draw declared" in report.text
    with pytest.raises(ValueError, match="already finished"):
        end_game(session, SENDER, game, "again", NOW)
