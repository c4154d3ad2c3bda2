"""The game-master commands, run on an in-memory database with the signature taken
as verified (the signature check itself is tested through process_inbound in
tests/gpg/test_gm_processing.py)."""

from __future__ import annotations

import email
import email.policy
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlmodel import col, select

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.clock import game_timing
from judge.game.games import account_for, find_game
from judge.store.mail import OutboxMessage
from judge.store.models import (
    ACTIVE,
    EJECTED,
    FINISHED,
    FORMING,
    PAUSED,
    PLAYING,
    RESIGNED,
    Account,
    Applicant,
    Game,
    Order,
    Player,
    Press,
)
from judge.store.passwords import hash_password, verify_password
from tests.commands.helpers import GM, NOW, PASSWORDS, address, outcomes, reply_to_orders


def mails(session) -> list[email.message.EmailMessage]:
    rows = session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id))).all()
    return [
        email.message_from_bytes(r.raw, policy=email.policy.default)  # type: ignore[misc]
        for r in rows
    ]


def text_of(msg) -> str:
    return msg.get_body(("plain",)).get_content()


def statuses(ctx) -> list[str]:
    return [status for _, status, _ in outcomes(ctx)]


def message(ctx, index: int = -1) -> str:
    return outcomes(ctx)[index][2]


# ------------------------------------------------------------------ CREATE and GAME


def test_create_makes_a_forming_game_mastered_by_the_sender(gm, session) -> None:
    ctx = gm("CREATE alpha PLAYERS 5 PRESS grey ANONYMOUS\nSET PRESS white")
    assert statuses(ctx) == ["ok", "ok"]
    game = find_game(session, "alpha")
    assert game is not None
    assert (game.status, game.master_address, game.seats) == (FORMING, GM, 5)
    assert game.anonymous and game.rules == "standard" and game.phase == "S1901M"
    assert game.press_mode == "white"  # the SET after CREATE acted on the new game
    assert "Game alpha created" in message(ctx, 0)
    assert len(game.position_doc()["units"]) == 22


def test_create_game_word_and_upper_case_name(gm, session) -> None:
    ctx = gm("CREATE GAME Beta7 VARIANT standard")
    assert statuses(ctx) == ["ok"]
    assert find_game(session, "beta7") is not None


def test_create_with_deadline_rules(gm, session) -> None:
    ctx = gm("CREATE alpha ANONYMOUS DEADLINE MOVE 72h AT 18:00 GRACE 12h")
    assert statuses(ctx) == ["ok"]
    rules = game_timing(find_game(session, "alpha"))
    assert (str(rules.movement.after), str(rules.movement.grace)) == ("72h", "12h")
    assert rules.movement.at.hour == 18 and str(rules.retreats.after) != "72h"
    ctx = gm("CREATE beta DEADLINE whenever")
    assert "is not understood in a timing rule" in message(ctx)
    assert find_game(session, "beta") is None


def test_create_multiverse_strict(gm, session) -> None:
    ctx = gm("CREATE multi RULES MULTIVERSE STRICT")
    assert statuses(ctx) == ["ok"]
    game = find_game(session, "multi")
    assert game is not None
    assert (game.rules, game.adjacency) == ("multiverse", "strict")
    assert "boards" in game.position_doc()
    assert "strict adjacency" in message(ctx)


def test_create_multiverse_5dplomacy(gm, session) -> None:
    ctx = gm("CREATE fived RULES MULTIVERSE 5DPLOMACY PLAYERS 7")
    assert statuses(ctx) == ["ok"]
    game = find_game(session, "fived")
    assert game is not None
    assert (game.rules, game.adjacency) == ("multiverse", "5dplomacy")
    assert game.position_doc()["rules"] == {"ruleset": "5dplomacy", "seed": game.seed}
    assert "5dplomacy rule set" in message(ctx)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("CREATE", "give the new game's name"),
        ("CREATE bad_name", "cannot be a game name"),
        ("CREATE game1", "there is already a game called game1"),
        ("CREATE alpha VARIANT nowhere", "there is no variant 'nowhere'"),
        ("CREATE alpha PLAYERS 8", "has only 7 powers"),
        ("CREATE alpha PLAYERS none", "PLAYERS needs a number"),
        ("CREATE alpha PRESS loud", "press 'loud' is not one of"),
        ("CREATE alpha RULES chess", "RULES is STANDARD or MULTIVERSE"),
        ("CREATE alpha QUICKLY", "'QUICKLY' is not understood"),
        ("CREATE alpha PRESS", "PRESS needs a value"),
    ],
)
def test_create_refusals(gm, session, line: str, reason: str) -> None:
    ctx = gm(line + "\nSET PRESS none")
    assert statuses(ctx) == ["refused", "refused"]
    assert reason in message(ctx, 0)
    assert "no game selected" in message(ctx, 1)
    assert find_game(session, "alpha") is None


def test_unsigned_game_master_commands_are_refused_one_by_one(gm, session) -> None:
    ctx = gm("CREATE alpha\nHELP SIGNON\nGAME game1", signed=False)
    assert statuses(ctx) == ["refused", "ok", "refused"]
    # no key is registered for GM in this database: told what the command needs
    assert "a game master's command: it needs a mail signed with" in message(ctx, 0)
    assert find_game(session, "alpha") is None


def test_a_players_master_command_does_not_speak_of_their_registered_key(tmp_path) -> None:
    """A player's PREVIEW was refused as needing "a mail signed with your registered
    key", though a player has no key: it is a game master's command."""
    _, text = reply_to_orders(tmp_path, "PREVIEW\nPAUSE\n")
    assert "your registered key" not in text
    for line in ("PREVIEW", "PAUSE"):
        assert (
            f"> {line}\n  *** Refused: a game master's command: it needs a mail signed "
            "with a master's key"
        ) in text


def test_game_selects_only_the_masters_games(gm, session, game1) -> None:
    other = Game(name="other", phase="S1901M", position="{}", master_address="x@example.org")
    session.add(other)
    session.commit()
    ctx = gm("GAME game1\nSET PRESS grey\nGAME other\nSET PRESS none\nGAME nosuch\nPAUSE")
    assert statuses(ctx) == ["ok", "ok", "refused", "refused", "refused", "refused"]
    assert "you are not the master of game other" in message(ctx, 2)
    # A failed GAME deselects: the lines after it do not act on game1.
    assert "no game selected" in message(ctx, 3)
    assert "there is no game called 'nosuch'" in message(ctx, 4)
    session.refresh(game1)
    assert (game1.press_mode, game1.status) == ("grey", ACTIVE)
    assert other.press_mode == "white"


def test_another_master_cannot_steer(gm, game1) -> None:
    ctx = gm("GAME game1", sender="gm2@example.org")
    assert statuses(ctx) == ["refused"]
    assert "not the master" in message(ctx)


def test_commands_need_a_selected_game(gm) -> None:
    ctx = gm("PAUSE")
    assert statuses(ctx) == ["refused"]
    assert "no game selected" in message(ctx)


# ------------------------------------------------------------------ SET


def test_set_deadline_to_a_date_in_the_games_zone(gm, session, game1) -> None:
    ctx = gm("GAME game1\nSET TIMING ZONE Europe/Paris\nSET DEADLINE 2026-11-25 20:00")
    assert statuses(ctx) == ["ok", "ok", "ok"]
    session.refresh(game1)
    assert game1.deadline.replace(tzinfo=UTC) == datetime(2026, 11, 25, 19, 0, tzinfo=UTC)
    assert "The deadline of S1901M is now" in message(ctx)


def test_set_deadline_to_a_date_without_a_time_as_njudge(gm, session, game1) -> None:
    """njudge's data/deadlines 67-118: "SET DEADLINE Jun 15" and "SET DEADLINE 15 Jun"
    are valid; without a time, the phase's "clock" is assumed, else 23:30. They were
    refused: "'15' is not understood in a timing rule"."""
    ctx = gm("GAME game1\nSET DEADLINE 25 Nov")
    assert statuses(ctx) == ["ok", "ok"], outcomes(ctx)
    session.refresh(game1)
    assert game1.deadline.replace(tzinfo=UTC) == datetime(2026, 11, 25, 23, 30, tzinfo=UTC)
    ctx = gm("GAME game1\nSET DEADLINE MOVE AT 20:00\nSET DEADLINE 2026-11-26")
    assert statuses(ctx) == ["ok", "ok", "ok"], outcomes(ctx)
    session.refresh(game1)
    assert game1.deadline.replace(tzinfo=UTC) == datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def test_set_deadline_refuses_the_past_and_a_forming_game(gm, session, game1) -> None:
    before = game1.deadline
    ctx = gm("GAME game1\nSET DEADLINE 2026-11-20 20:00")
    assert "has already passed" in message(ctx)
    ctx = gm("CREATE alpha\nSET DEADLINE +2d")
    assert "only a running game has a deadline" in message(ctx)
    session.refresh(game1)
    assert game1.deadline == before


def test_set_deadline_rules_change_the_timing_not_the_deadline(gm, session, game1) -> None:
    before = game1.deadline
    ctx = gm("GAME game1\nSET DEADLINE MOVE 48h AT 20:00 DAYS mon-fri GRACE 24h REMIND 24h,1h")
    assert statuses(ctx) == ["ok", "ok"]
    session.refresh(game1)
    rules = game_timing(game1)
    assert str(rules.movement.after) == "48h" and rules.movement.at.hour == 20
    assert rules.movement.days == frozenset(range(5))
    assert str(rules.retreats.after) != "48h"  # MOVE only
    assert game1.deadline == before
    assert any("Movement:" in line for line in ctx.transcript.entries[-1].extra)


def test_new_timing_says_when_it_counts_in_a_paused_game(gm, session) -> None:
    """A paused game has no deadline: the reply said the rules count "from the first
    deadline on", as for a game not yet started.  (A finished game takes no SET:
    tests/commands/test_finished_settings.py.)"""
    ctx = gm("GAME game1\nPAUSE\nSET DEADLINE MOVE 72h")
    assert message(ctx).endswith("changed; it counts from the deadline RESUME sets on.")


def test_set_deadline_nonsense_is_refused(gm, session, game1) -> None:
    timing = game1.timing
    ctx = gm("GAME game1\nSET DEADLINE soon please")
    assert statuses(ctx)[-1] == "refused"
    assert "is not understood" in message(ctx)
    session.refresh(game1)
    assert game1.timing == timing


def test_set_timing_zone_and_delay(gm, session, game1) -> None:
    ctx = gm("GAME game1\nSET TIMING ZONE Europe/Paris DELAY 30m\nSET TIMING ZONE Mars/Base")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    session.refresh(game1)
    rules = game_timing(game1)
    assert (rules.zone, str(rules.delay)) == ("Europe/Paris", "30m")


def test_set_grace(gm, session, game1) -> None:
    ctx = gm("GAME game1\nSET GRACE WAIT\nSET GRACE 12h\nSET GRACE later")
    assert statuses(ctx) == ["ok", "ok", "ok", "refused"]
    session.refresh(game1)
    assert game1.at_grace == "wait"
    assert str(game_timing(game1).movement.grace) == "12h"


def test_set_press(gm, session, game1) -> None:
    ctx = gm("GAME game1\nSET PRESS gray/white\nSET PRESS loud")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    session.refresh(game1)
    assert game1.press_mode == "grey/white"


def test_set_players_and_anonymous_only_before_the_start(gm, session) -> None:
    ctx = gm("GAME game1\nSET PLAYERS 5\nSET ANONYMOUS ON")
    assert statuses(ctx) == ["ok", "refused", "refused"]
    assert "can only be set before the start" in message(ctx)
    ctx = gm("CREATE alpha\nSET PLAYERS 3\nSET ANONYMOUS ON\nSET PLAYERS 9\nSET ANONYMOUS maybe")
    assert statuses(ctx) == ["ok", "ok", "ok", "refused", "refused"]
    game = find_game(session, "alpha")
    assert (game.seats, game.anonymous) == (3, True)


def test_set_players_not_below_those_joined(gm, session) -> None:
    gm("CREATE alpha")
    game = find_game(session, "alpha")
    for who in ("a@x.test", "b@x.test"):
        account = account_for(session, who)
        session.add(Applicant(game_id=game.id, account_id=account.id, password_hash="h"))
    session.commit()
    ctx = gm("GAME alpha\nSET PLAYERS 1\nSET PLAYERS 2")
    assert statuses(ctx) == ["ok", "refused", "ok"]
    assert "2 players have already joined" in message(ctx, 1)
    assert "It is full: send START" in message(ctx)


def test_changes_are_announced_once_per_mail_to_everyone_but_the_master(gm, session) -> None:
    gm("GAME game1\nSET PRESS grey\nSET GRACE WAIT")
    sent = mails(session)
    assert sorted(m["To"] for m in sent) == sorted(address(p) for p in PASSWORDS)
    body = text_of(sent[0])
    assert "Press in game game1 is now grey." in body and "waits for its master" in body
    assert sent[0]["Subject"] == "JUDGE:game1 - S1901M changes by the game master"


def test_a_timing_change_is_announced_indented(gm, session) -> None:
    gm("GAME game1\nSET DEADLINE MOVE 72h")
    body = text_of(mails(session)[0]).replace("\r\n", "\n")
    assert "  - New timing rules, from the next deadline on:\n    Times are set in" in body
    assert "\n    Movement: 72 hours after" in body


def test_settings_that_change_nothing_are_not_announced(gm, session) -> None:
    gm("GAME game1\nSET PRESS grey")
    before = len(mails(session))
    assert before > 0  # a real change is announced
    # grey press, PROCESS at grace's end and the default timing: all as they are
    ctx = gm(
        "GAME game1\nSET PRESS grey\nSET GRACE PROCESS\nSET DEADLINE MOVE 48h\nSET TIMING ZONE UTC"
    )
    assert len(mails(session)) == before
    for index in range(1, 5):
        assert "nothing changed, and nobody was told" in message(ctx, index)
    # a real change among them is announced alone
    gm("GAME game1\nSET PRESS grey\nSET PRESS white")
    body = text_of(mails(session)[before])
    assert "Press in game game1 is now white." in body and "grey" not in body


def test_refused_changes_are_not_announced(gm, session) -> None:
    gm("GAME game1\nSET PRESS loud")
    assert mails(session) == []


# ------------------------------------------------------------------ START, PAUSE, RESUME


def test_start_with_players_missing(gm, session) -> None:
    gm("CREATE alpha PLAYERS 7")
    game = find_game(session, "alpha")
    account = account_for(session, "a@x.test")
    session.add(
        Applicant(
            game_id=game.id,
            account_id=account.id,
            password_hash=hash_password("secret"),
            preferences="england",
        )
    )
    session.commit()
    ctx = gm("GAME alpha\nSTART\nSTART")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    session.refresh(game)
    assert game.status == ACTIVE and game.deadline is not None
    [player] = session.exec(select(Player).where(Player.game_id == game.id)).all()
    assert player.power == "england"
    assert "a@x.test" in [m["To"] for m in mails(session)]
    assert "has started in S1901M" in message(ctx, 1)


def test_start_without_anybody_is_refused(gm, session) -> None:
    ctx = gm("CREATE alpha\nSTART")
    assert statuses(ctx) == ["ok", "refused"]
    assert find_game(session, "alpha").status == FORMING


def test_pause_and_resume(gm, session, game1) -> None:
    ctx = gm("GAME game1\nPAUSE\nPAUSE")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    session.refresh(game1)
    assert (game1.status, game1.deadline) == (PAUSED, None)
    ctx = gm("GAME game1\nRESUME\nRESUME")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    session.refresh(game1)
    assert game1.status == ACTIVE
    assert game1.deadline.replace(tzinfo=UTC) > NOW


# ------------------------------------------------------------------ PROCESS, PREVIEW, ROLLBACK


def test_process_guards_the_phase(gm, session, game1) -> None:
    ctx = gm("GAME game1\nPROCESS F1901M\nPROCESS someday")
    assert statuses(ctx) == ["ok", "refused", "refused"]
    assert "is in S1901M, not F1901M" in message(ctx, 1)
    session.refresh(game1)
    assert (game1.phase, game1.number) == ("S1901M", 0)


def test_process_then_rollback(gm, session, game1) -> None:
    ctx = gm("GAME game1\nPROCESS S1901M")
    assert statuses(ctx) == ["ok", "ok"], outcomes(ctx)
    session.refresh(game1)
    assert (game1.phase, game1.number) == ("F1901M", 1)
    assert "S1901M processed" in message(ctx)
    ctx = gm("GAME game1\nROLLBACK S1901M\nROLLBACK S1905M\nROLLBACK")
    assert statuses(ctx) == ["ok", "ok", "refused", "refused"]
    session.refresh(game1)
    assert (game1.phase, game1.number) == ("S1901M", 0)


def test_a_rollback_of_a_paused_game_says_the_pause_is_over(gm, session, game1) -> None:
    """ROLLBACK sets a new deadline, so a paused game runs again (as on njudge, whose
    rollback writes the phase over its pause mark); the master's reply and the
    players' mail said only "the deadline is ...", never that the pause was over."""
    gm("GAME game1\nPROCESS S1901M")
    ctx = gm("GAME game1\nPAUSE\nROLLBACK S1901M")
    assert statuses(ctx) == ["ok", "ok", "ok"]
    assert "The game was paused: it runs again from this deadline." in message(ctx)
    session.refresh(game1)
    assert game1.status == ACTIVE and game1.deadline is not None
    told = [text_of(m) for m in mails(session) if "Rollback" in m["Subject"]]
    assert told and all("The game was paused: it runs again" in t for t in told)
    ctx = gm("GAME game1\nPROCESS S1901M\nROLLBACK S1901M")
    assert "paused" not in message(ctx)


def test_a_rollback_forgets_the_votes_of_the_undone_phase(gm, run, session, game1) -> None:
    """A draw voted by everyone ends the game; after a ROLLBACK the votes stood, so one
    player's SET DRAW (or a RESIGN) ended the game again as a draw, nobody else
    having voted.  Votes and waits hold for one phase (as processing clears them)."""
    gm("GAME game1\nPROCESS S1901M")
    for power, password in PASSWORDS.items():
        run(f"SIGNON {power[0].upper()}game1 {password}\nSET WAIT\nSET DRAW", address(power))
    session.refresh(game1)
    assert game1.status == FINISHED
    assert statuses(gm("GAME game1\nROLLBACK S1901M")) == ["ok", "ok"]
    flags = {(p.wait, p.draw, p.concede) for p in session.exec(select(Player))}
    assert flags == {(False, False, False)}
    run("SIGNON Agame1 vienna1\nSET DRAW", address("austria"))
    session.refresh(game1)
    assert game1.status == ACTIVE


def test_rollback_by_njudges_turn_number(gm, session, game1) -> None:
    """njudge's data/master 126-137: ROLLBACK [turn_number], the number of the
    results (001 for Spring 1901); without it, the immediately preceding turn. Both
    were refused "expected: ROLLBACK <phase>"."""
    assert statuses(gm("GAME game1\nPROCESS S1901M\nPROCESS F1901M")) == ["ok"] * 3
    session.refresh(game1)
    assert game1.number == 2
    ctx = gm("GAME game1\nROLLBACK 2\nROLLBACK 5")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    assert message(ctx) == "game game1 has no processed turn 5"
    session.refresh(game1)
    assert (game1.phase, game1.number) == ("F1901M", 1)
    assert statuses(gm("GAME game1\nROLLBACK")) == ["ok", "ok"]
    session.refresh(game1)
    assert (game1.phase, game1.number) == ("S1901M", 0)
    assert "no processed turn 0" in message(gm("GAME game1\nROLLBACK"))


def test_process_refused_while_paused(gm, session, game1) -> None:
    ctx = gm("GAME game1\nPAUSE\nPROCESS")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    assert "only a running game is processed" in message(ctx)


def test_preview_goes_to_the_master_only(gm, session, game1) -> None:
    ctx = gm("GAME game1\nPREVIEW")
    assert statuses(ctx) == ["ok", "ok"]
    sent = mails(session)
    assert [m["To"] for m in sent] == [GM]
    assert "PREVIEW" in sent[0]["Subject"] + text_of(sent[0])
    session.refresh(game1)
    assert (game1.phase, game1.number) == ("S1901M", 0)


# ------------------------------------------------------------------ players


def _player(session, game: Game, power: str) -> Player:
    return session.exec(
        select(Player).where(Player.game_id == game.id, Player.power == power)
    ).one()


def test_ejecting_the_last_player_without_a_vote_ends_the_agreed_draw(
    gm, run, session, game1
) -> None:
    """Every player but Italy's voted for a draw; Italy's RESIGN ends the game in that
    draw (judge.game.votes), but the master's EJECT of Italy left it running, the
    draw agreed by every remaining player lost at the next processing."""
    for power, password in PASSWORDS.items():
        if power != "italy":
            run(f"SIGNON {power[0].upper()}game1 {password}\nSET DRAW", address(power))
    ctx = gm("GAME game1\nEJECT Italy")
    assert statuses(ctx) == ["ok", "ok"]
    assert "has been declared a draw" in ctx.transcript.entries[-1].extra[0]
    session.refresh(game1)
    assert game1.status == FINISHED
    subjects = [m["Subject"] for m in mails(session) if m["To"] == address("france")]
    assert "changes by the game master" in subjects[-2] and "Draw Declared" in subjects[-1]


def test_eject(gm, session, game1) -> None:
    ctx = gm("GAME game1\nEJECT France\nEJECT f\nEJECT Narnia")
    assert statuses(ctx) == ["ok", "ok", "refused", "refused"]
    assert "nobody plays France" in message(ctx, 2)
    assert "has no power 'Narnia'" in message(ctx)
    assert _player(session, game1, "france").status == EJECTED
    to_france = [m for m in mails(session) if m["To"] == address("france")]
    assert len(to_france) == 1 and "no longer play France" in to_france[0]["Subject"]


def test_eject_by_address_as_njudge(gm, session, game1) -> None:
    """njudge's ``EJECT power|email`` (data/index 123-128: "If an email address is
    specified, the command will work to resign observers too") was refused: "game
    game1 has no power 'france@players.test'"."""
    from judge.store.models import Observer

    watcher = account_for(session, "watch@x.test")
    session.add(Observer(game_id=game1.id, account_id=watcher.id))
    session.commit()
    body = "GAME game1\nEJECT France@Players.test\nEJECT <watch@x.test>\nEJECT who@x.test"
    ctx = gm(body)
    assert statuses(ctx) == ["ok", "ok", "ok", "refused"]
    assert message(ctx, 1).startswith("France is in civil disorder")
    assert message(ctx, 2) == "watch@x.test no longer observes game game1."
    assert message(ctx) == "who@x.test neither plays nor observes game game1"
    assert _player(session, game1, "france").status == EJECTED
    assert session.exec(select(Observer)).all() == []


def test_replace_hands_the_power_over(gm, session, game1) -> None:
    ctx = gm("GAME game1\nREPLACE france new@players.test sesame42")
    assert statuses(ctx) == ["ok", "ok"]
    assert all("sesame42" not in e.echo for e in ctx.transcript.entries)
    player = _player(session, game1, "france")
    assert player.status == PLAYING
    assert verify_password(player.password_hash, "sesame42")
    account = session.get(Account, player.account_id)
    assert account.address == "new@players.test"
    sent = mails(session)
    [welcome] = [m for m in sent if "you now play France" in m["Subject"]]
    assert welcome["To"] == "new@players.test"
    assert "SIGNON Fgame1 <password>" in text_of(welcome)
    [farewell] = [m for m in sent if m["To"] == address("france")]
    assert "no longer play" in text_of(farewell)


def test_replace_mails_the_new_player_the_position(gm, session, game1) -> None:
    """The new player of a power must be able to order the phase at once: the welcome
    gave the game, the deadline and how to sign on, but not the position (the units to
    order), which a takeover's reply gives (docs/mail.md)."""
    gm("GAME game1\nREPLACE france new@players.test sesame42")
    [welcome] = [m for m in mails(session) if "you now play France" in m["Subject"]]
    text = text_of(welcome).replace("\r\n", "\n")
    assert "The position now (S1901M):" in text
    assert "France: 3 centres (bre, mar, par)\n  units: F Bre, A Mar, A Par\n" in text
    assert "sesame42" not in text


def test_replace_refusals_hide_the_password(gm, session, game1) -> None:
    ctx = gm("REPLACE france new@players.test sesame42")
    assert "no game selected" in message(ctx)
    ctx = gm("GAME game1\nREPLACE france nobody sesame42\nREPLACE france a@b.test abc")
    assert statuses(ctx) == ["ok", "refused", "refused"]
    assert "is not a mail address" in message(ctx, 1)
    assert "a password has 4 to 64 characters" in message(ctx)
    assert not any("sesame42" in e.echo for e in ctx.transcript.entries)


def test_become_gives_orders_for_a_power(gm, session, game1) -> None:
    ctx = gm("GAME game1\nBECOME france\nA Par - Bur\nBECOME Narnia")
    assert statuses(ctx) == ["ok", "ok", "ok", "refused"]
    [order] = session.exec(select(Order).where(Order.power == "france")).all()
    assert (order.from_address, order.phase) == (GM, "S1901M")


def test_become_a_power_nobody_plays(gm, session, game1) -> None:
    player = _player(session, game1, "italy")
    session.delete(player)
    session.commit()
    ctx = gm("GAME game1\nBECOME italy\nA Par - Bur")
    assert statuses(ctx) == ["ok", "ok", "ok"]
    assert session.exec(select(Order).where(Order.power == "italy")).one()
    assert session.exec(select(Player).where(Player.power == "italy")).first() is None


def test_orders_without_become_are_not_read(gm) -> None:
    ctx = gm("GAME game1\nA Par - Bur")
    assert statuses(ctx) == ["ok", "refused"]


# ------------------------------------------------------------------ broadcast and end


def test_master_broadcast(gm, session, game1) -> None:
    game1.press_mode = "none"
    session.add(game1)
    session.commit()
    ctx = gm("GAME game1\nMASTER BROADCAST\nPlay nicely.\nENDPRESS\nMASTER BROADCAST\nENDPRESS")
    assert statuses(ctx) == ["ok", "ok", "refused"]
    assert message(ctx, 1) == "Message (1 line) sent to 7 people in game game1."
    sent = mails(session)
    assert sorted(m["To"] for m in sent) == sorted(address(p) for p in PASSWORDS)
    assert "game master" in sent[0]["Subject"] and "Play nicely." in text_of(sent[0])
    [press] = session.exec(select(Press)).all()
    assert press.from_power == "master" and press.broadcast
    assert sorted(json.loads(press.recipients)) == sorted(PASSWORDS)


def test_terminate(gm, session, game1) -> None:
    ctx = gm("GAME game1\nSET PRESS grey\nTERMINATE Nobody turned up.\nTERMINATE")
    assert statuses(ctx) == ["ok", "ok", "ok", "refused"]
    session.refresh(game1)
    assert game1.status == FINISHED
    assert "Nobody turned up." in game1.outcome
    subjects = [m["Subject"] for m in mails(session) if m["To"] == address("england")]
    # The change noted before TERMINATE went out first.
    assert subjects[0].endswith("changes by the game master") and len(subjects) == 2


def test_help_lists_the_game_master_commands(make_ctx) -> None:
    ctx = make_ctx()
    run_statements(ctx, parse_body("HELP"))
    text = "\n".join(ctx.transcript.entries[0].extra)
    for word in ("CREATE", "SET DEADLINE", "ROLLBACK", "MASTER BROADCAST", "BECOME"):
        assert f"\n{word}:" in text
    assert "needs a mail signed with your registered OpenPGP key" in text


def test_the_examples_of_the_documentation(gm, session) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "game-masters.md").read_text()
    section = doc.split("## Game-master commands", 1)[1].split("\n## ", 1)[0]
    create, steer = re.findall(r"^```\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    ctx = gm(create)
    assert set(statuses(ctx)) == {"ok"}, outcomes(ctx)
    game = find_game(session, "alpha")
    assert (game.rules, game.adjacency, game.seats) == ("multiverse", "strict", 5)
    # The second example steers a running game: game1 stands in for alpha.
    ctx = gm(steer.replace("GAME alpha", "GAME game1"))
    assert set(statuses(ctx)) == {"ok"}, outcomes(ctx)
    italy = session.exec(select(Player).where(Player.power == "italy")).one()
    assert session.get(Account, italy.account_id).address == "new.player@example.com"


@pytest.mark.parametrize("left", [EJECTED, RESIGNED])
def test_become_a_power_whose_player_left(gm, session, game1, left: str) -> None:
    # After EJECT or RESIGN the power is in civil disorder; its master must still be
    # able to give it orders, e.g. to replace orders the ejected player left behind.
    _player(session, game1, "france").status = left
    session.commit()
    ctx = gm("GAME game1\nBECOME france\nA Par - Bur")
    assert statuses(ctx) == ["ok", "ok", "ok"], outcomes(ctx)
    [order] = session.exec(select(Order).where(Order.power == "france")).all()
    assert order.from_address == GM
    assert _player(session, game1, "france").status == left


def test_every_mail_of_the_master_commands_has_the_judge_code(gm, session, game1) -> None:
    # Broadcast, changes, eject and replace notes lacked the 'JUDGE:' of game mail.
    gm(
        "GAME game1\nSET PRESS grey\nEJECT Germany\nREPLACE France new@players.test s3same42\n"
        "MASTER BROADCAST\nHello all\nENDPRESS"
    )
    subjects = {m["Subject"] for m in mails(session)}
    assert subjects == {
        "JUDGE:game1 - S1901M changes by the game master",
        "JUDGE:game1 - S1901M Broadcast from the game master",
        "JUDGE:game1 - you no longer play Germany",
        "JUDGE:game1 - you no longer play France",
        "JUDGE:game1 - you now play France",
    }


# ------------------------------------------------------------------ SET CD RULE


def test_set_cd_rule_chooses_the_civil_disorder_rule(gm, session, game1) -> None:
    assert game1.cd_rule == "2023"  # the default, as before the choice existed
    ctx = gm("GAME game1\nSET CD RULE CLASSIC\nSET CD RULE classic\nSET CD RULE 1971")
    assert statuses(ctx) == ["ok", "ok", "ok", "refused"]
    assert "by the classic rule: the unit farthest from a home centre" in message(ctx, 1)
    assert "nothing changed" in message(ctx, 2)
    assert "expected: SET CD RULE 2023|CLASSIC" in message(ctx)
    session.refresh(game1)
    assert game1.cd_rule == "classic"
    body = text_of(mails(session)[0])
    assert "units are removed in civil disorder by the classic rule" in body
    ctx = gm("GAME game1\nSET CIVIL DISORDER 2023")
    assert statuses(ctx) == ["ok", "ok"]
    session.refresh(game1)
    assert game1.cd_rule == "2023"


def test_the_cd_rule_is_in_the_games_summary_and_status(gm, make_ctx, session, game1) -> None:
    gm("GAME game1\nSET CD RULE CLASSIC")
    ctx = make_ctx("reader@example.org")
    run_statements(ctx, parse_body("LIST game1\nSUMMARY game1"))
    status = ctx.transcript.entries[0].extra
    assert any(line.startswith("Civil disorder removals: the classic rule") for line in status)
    summary = text_of(mails(session)[-1])
    assert "Civil disorder removals: the classic rule: the unit farthest" in summary


def test_set_cd_rule_is_refused_where_the_rules_choose_their_own(gm, session) -> None:
    ctx = gm("CREATE multi RULES MULTIVERSE\nSET CD RULE CLASSIC")
    assert statuses(ctx) == ["ok", "refused"]
    assert "rules choose the units removed in civil disorder" in message(ctx)
    assert find_game(session, "multi").cd_rule == "2023"


# ------------------------------------------------------------------ njudge's press settings


def test_njudge_press_settings_change_the_game_and_are_told_once(gm, session, game1) -> None:
    """njudge's data/index 545-553, 616-620, 691-694, 935-943."""
    ctx = gm("GAME game1\nSET NO WHITE\nSET NO PARTIAL\nSET NO PARTIAL\nSET NO MINOR PRESS")
    assert statuses(ctx) == ["ok", "ok", "ok", "ok", "refused"]
    assert "has started: set it before" in message(ctx, 4)  # MINOR PRESS: before the start
    assert message(ctx, 3) == "Unchanged: game game1 already has that setting."
    assert (game1.press_mode, game1.press_partial) == ("grey", False)
    told = [m for m in mails(session) if m["To"] == address("france")]
    assert len(told) == 1  # one announcement for the mail's changes
    assert "broadcasts only" in text_of(told[0]) and "now grey" in text_of(told[0])


@pytest.mark.parametrize(
    ("line", "column", "value"),
    [
        ("SET GREY PRESS", "press_mode", "grey"),
        ("SET NO GREY PRESS", "press_mode", "white"),
        ("SET GREY/WHITE PRESS", "press_mode", "grey/white"),
        ("SET OBSERVER ANY PRESS", "observer_press", True),
        ("SET OBSERVER WHITE", "observer_press", True),
    ],
)
def test_njudge_press_settings_with_their_press_word(gm, game1, line, column, value) -> None:
    """njudge's data/index 545-553 (``SET GREY [PRESS]``, ``SET NO GREY [PRESS]``,
    ``SET GREY/WHITE [PRESS]``) and 671-679 (``SET OBSERVER ANY|WHITE|NO [PRESS]``):
    these were refused ("expected: SET WHITE | ...", "unknown command")."""
    ctx = gm(f"GAME game1\n{line}")
    assert statuses(ctx) == ["ok", "ok"], outcomes(ctx)
    assert getattr(game1, column) == value


def test_njudge_set_observer_no_press(gm, game1) -> None:
    ctx = gm("GAME game1\nSET OBSERVER ANY\nSET OBSERVER NO PRESS")
    assert statuses(ctx) == ["ok", "ok", "ok"]
    assert message(ctx, 2) == "Observers of game game1 may not send press."
    assert game1.observer_press is False


def test_master_press_to_the_observers_names_them_alone(gm, session, game1) -> None:
    """The master's ``PRESS TO O`` was answered "sent to , the observers"."""
    from judge.store.models import Observer

    session.add(Observer(game_id=game1.id, account_id=account_for(session, "watch@x.test").id))
    session.commit()
    ctx = gm("GAME game1\nPRESS TO O\nWelcome, observers.\nENDPRESS\n")
    assert outcomes(ctx)[1][2] == "Press (white, 1 line) sent to the observers."
    [mail] = ctx.sent
    assert mail["To"] == "watch@x.test"
    assert "from the Master to the observers in game game1" in mail.get_content()


def test_replace_a_power_with_its_own_player_tells_nobody_of_a_new_player(
    gm, session, game1
) -> None:
    """REPLACE Germany with the address that plays it was answered "now plays Germany"
    and every player was told "Germany has a new player", which was false."""
    ctx = gm("GAME game1\nREPLACE Germany germany@players.test newpw456")
    assert statuses(ctx) == ["ok", "ok"]
    assert message(ctx) == (
        "germany@players.test already plays Germany: its password is changed, "
        "and germany@players.test was mailed how to sign on."
    )
    assert verify_password(_player(session, game1, "germany").password_hash, "newpw456")
    sent = mails(session)
    assert [m["To"] for m in sent] == [address("germany")]
    assert "you now play Germany" in sent[0]["Subject"]


def test_master_broadcast_reaches_the_observers_too(gm, session, game1) -> None:
    """njudge's mail.c (send_press) mails a broadcast to every player and observer;
    the master's BROADCAST (signed, after GAME) reached the powers only, as
    'Press from the Master', while the reply said "sent to everyone"."""
    from judge.store.models import Observer

    watcher = account_for(session, "watch@x.test")
    session.add(Observer(game_id=game1.id, account_id=watcher.id))
    session.commit()
    ctx = gm("GAME game1\nBROADCAST\nWelcome, everyone.\nENDPRESS\n")
    assert message(ctx) == "Broadcast (white, 1 line) sent to everyone."
    sent = ctx.sent
    assert sorted(m["To"] for m in sent) == sorted([*map(address, PASSWORDS), "watch@x.test"])
    assert {m["Subject"] for m in sent} == {"JUDGE:game1 - S1901M Broadcast from the Master"}


def test_master_broadcast_is_on_the_games_page_as_from_the_master(gm, session, game1) -> None:
    """The master's BROADCAST (signed, after GAME) reaches every power: the game's
    page lists it with the broadcast press, from the Master (docs/games.md, "The
    web pages"); it was kept as partial press and left out."""
    from judge.web.views import broadcast_press

    ctx = gm("GAME game1\nBROADCAST\nWelcome, everyone.\nENDPRESS\n")
    assert statuses(ctx) == ["ok", "ok"]
    [item] = broadcast_press(session, game1)
    assert (item.sender, item.body) == ("the Master", "Welcome, everyone.")
