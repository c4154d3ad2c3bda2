"""njudge's master commands (its ``data/master`` help file and the master's lines of
``data/index``) in a master's signed mail.

Before, ``FORCE BEGIN``, ``PROMOTE <address>`` and ``UNSTART`` were passed over as a
greeting ("ignored: not an order"), ``BECOME MASTER`` was refused as a power named
MASTER, and ``SET PROXY``, ``SET VARIANT``, ``SET MANUAL PROCESS`` and ``SET MANUAL
START`` were "unknown command".  Now ``FORCE BEGIN`` starts the game as ``START`` does
(njudge: it forces a game to begin with the players signed on), and each of the
others is refused as njudge's, with what to write here instead."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from gpg_helpers import inline_mail
from sqlmodel import Session

from judge.game.clock import game_timing
from judge.game.games import find_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.forming import registered  # noqa: E402
from tests.commands.helpers import NOW, body_of, deliver, make_mail, outbox  # noqa: E402

_ids = itertools.count(1)
AT = NOW + timedelta(hours=1)


def _signed(engine, config, gm, lines: str) -> str:  # type: ignore[no-untyped-def]
    raw = inline_mail(gm, lines, at=AT)
    raw = raw.replace(b"<test@example.org>", f"<n{next(_ids)}@example.org>".encode())
    before = len(outbox(engine))
    deliver(engine, raw, config, now=AT)
    replies = [m for m in outbox(engine)[before:] if m["In-Reply-To"]]
    assert len(replies) == 1
    return body_of(replies[0]).replace("\r\n", "\n")


def _answer(text: str, line: str) -> str:
    """The judge's answer to one quoted line of the mail."""
    return text.split(f"> {line}\n", 1)[1].split("\n", 1)[0].strip()


def test_force_begin_starts_the_game_as_start_does(gm_engine, config, gm) -> None:
    _signed(gm_engine, config, gm, "CREATE beta PLAYERS 3\n")
    with Session(gm_engine) as session:
        registered(session, "anna@players.test")
    deliver(gm_engine, make_mail("anna@players.test", "JOIN beta secret1\n"), config, now=AT)
    text = _signed(gm_engine, config, gm, "GAME beta\nFORCE BEGIN\n")
    assert "Game beta has started in" in _answer(text, "FORCE BEGIN"), text
    with Session(gm_engine) as session:
        assert find_game(session, "beta").status == "active"


@pytest.mark.parametrize(
    ("line", "instead"),
    [
        ("PROMOTE someone@example.org", "one master"),
        ("UNSTART", "ROLLBACK"),
        ("BECOME MASTER", "GAME <name>"),
        ("SET PROXY", "BECOME <power>"),
        ("SET NOPROXY", "BECOME <power>"),
        ("SET VARIANT colonial", "CREATE <name> VARIANT <variant>"),
        ("SET MANUAL PROCESS", "SET GRACE WAIT"),
        ("SET NO AUTO PROCESS", "SET GRACE WAIT"),
        ("SET MANUAL START", "START"),
        ("SET AUTO START", "START"),
        ("SET HONG KONG", "HELP <variant>"),
        ("SET CENTRES 20", "CREATE <name> VARIANT <variant>"),
        ("SET ALLOW MASTER someone@example.org", "judge gm add"),
        ("SET PARTIAL FAKES BROADCAST", "never faked"),
    ],
)
def test_an_njudge_master_command_is_refused_with_the_form_to_write(
    gm_engine, config, gm, line: str, instead: str
) -> None:
    text = _signed(gm_engine, config, gm, f"GAME game1\n{line}\n")
    answer = _answer(text, line)
    assert answer.startswith("*** Refused:") and "njudge" in answer, answer
    assert instead in answer, answer


def test_promote_and_unstart_in_prose_are_still_prose(gm_engine, config, gm) -> None:
    text = _signed(gm_engine, config, gm, "GAME game1\nUnstart the car\nPromote the game\n")
    assert "Refused" not in text, text


def test_njudges_create_with_a_question_mark_gives_the_form_to_write(gm_engine, config, gm):
    """njudge's ``CREATE ?older <password> youngstown`` (data/master): refused before
    as "'?older' cannot be a game name"; now with this judge's form."""
    line = "CREATE ?older secret standard"
    answer = _answer(_signed(gm_engine, config, gm, f"{line}\n"), line)
    assert answer.startswith("*** Refused:"), answer
    assert "CREATE older VARIANT standard" in answer, answer


def test_njudges_master_signon_gives_the_form_to_write(gm_engine, config, gm) -> None:
    """njudge's master signs on with ``SIGNON M<game> <password>`` (data/master);
    refused before as "game game1 has no power 'M'", now with GAME <name>."""
    line = "SIGNON Mgame1 ********"
    text = _signed(gm_engine, config, gm, "SIGNON Mgame1 secret\n")
    answer = _answer(text, line)
    assert answer.startswith("*** Refused:") and "GAME game1" in answer, answer


def test_set_unlisted_as_njudges_how2gm_writes_it_makes_the_game_private(
    gm_engine, config, gm
) -> None:
    """njudge's how2gm tells masters to write ``SET UNLISTED``: "unknown command"
    before; now the game becomes private, as with SET NOLIST (and SET LISTED lists it)."""
    text = _signed(gm_engine, config, gm, "GAME game1\nSET UNLISTED\n")
    assert "is now private" in _answer(text, "SET UNLISTED"), text
    with Session(gm_engine) as session:
        assert find_game(session, "game1").unlisted
    text = _signed(gm_engine, config, gm, "GAME game1\nSET LISTED\n")
    assert "is now listed" in _answer(text, "SET LISTED"), text


def test_set_grace_with_a_date_ends_the_grace_period_then(gm_engine, config, gm) -> None:
    """njudge's ``SET GRACE date`` (data/deadlines; ml_set.c SET_GRACE) sets when the
    current phase's grace period ends: refused before as "'Dec' is not a length of
    time"; now the grace ends then, and the planner waits until then."""
    from judge.clock.planner import AT_GRACE, Process, plan
    from judge.game.deadlines import game_facts

    text = _signed(gm_engine, config, gm, "GAME game1\nSET GRACE 26 Nov\n")
    answer = _answer(text, "SET GRACE 26 Nov")
    assert answer.startswith("The grace period of S1901M now ends Thu 26 Nov 2026"), answer
    with Session(gm_engine) as session:
        game = find_game(session, "game1")
        ends = game.grace_until
        assert (ends.month, ends.day, ends.hour, ends.minute) == (11, 26, 23, 30)
        assert str(game_timing(game).movement.grace) == "24h"  # the rule is unchanged
        facts = game_facts(session, game)
    # the grace of the rule (24 hours) ended on the 24th; the date set holds
    assert Process(AT_GRACE) not in plan(facts, NOW + timedelta(days=4)).actions
    assert Process(AT_GRACE) in plan(facts, NOW + timedelta(days=5, hours=12)).actions


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("SET GRACE 22 Nov 10:00", "cannot end before the deadline"),
        ("SET GRACE 20 Nov 2026 10:00", "has already passed"),
    ],
)
def test_set_grace_with_a_date_refused(gm_engine, config, gm, line: str, why: str) -> None:
    answer = _answer(_signed(gm_engine, config, gm, f"GAME game1\n{line}\n"), line)
    assert answer.startswith("*** Refused:") and why in answer, answer


def test_a_masters_set_absence_names_the_form_to_write(gm_engine, config, gm) -> None:
    """njudge's master sets a player's absence (data/absence: BECOME power, then SET
    ABSENCE). A master's signed ``SET ABSENCE ...`` was answered "this needs a SIGNON
    first"; now with the form to write here, which works."""
    line = "SET ABSENCE 25 Dec TO 28 Dec"
    answer = _answer(_signed(gm_engine, config, gm, f"GAME game1\n{line}\n"), line)
    assert answer.startswith("*** Refused:") and "BECOME <power>" in answer, answer
    assert "SIGNON" not in answer, answer
    text = _signed(gm_engine, config, gm, f"GAME game1\nBECOME France\n{line}\n")
    assert _answer(text, line).startswith("Absence set: 2026-12-25 to 2026-12-28"), text


def test_an_njudge_comma_list_of_settings_is_taken_one_by_one(gm_engine, config, gm) -> None:
    """njudge reads several settings on one SET line, with commas between (ml_set.c):
    ``SET GREY, PARTIAL FAKES BROADCAST`` was "unknown command" whole; now each
    setting is taken or refused on its own."""
    text = _signed(gm_engine, config, gm, "GAME game1\nSET GREY, PARTIAL FAKES BROADCAST\n")
    assert _answer(text, "SET GREY").startswith("Press in game game1 is now grey"), text
    refused = _answer(text, "SET PARTIAL FAKES BROADCAST")
    assert refused.startswith("*** Refused: njudge's SET PARTIAL FAKES"), text
    assert "unknown" not in text, text
    with Session(gm_engine) as session:
        assert find_game(session, "game1").press_mode == "grey"


@pytest.mark.parametrize(
    ("line", "instead"),
    [
        ("CLEAR", "BECOME <power>"),
        ("PHASE Fall 1901 Movement", "BECOME <power>"),
        ("SET PASSWORD newpass1", "REPLACE <power>"),
        ("SET ADDRESS gm2@example.org", "REPLACE <power>"),
        ("RESIGN", "EJECT <power>"),
        ("WITHDRAW", "EJECT <power>"),
    ],
)
def test_a_players_command_in_a_masters_mail_names_the_masters_form(
    gm_engine, config, gm, line: str, instead: str
) -> None:
    """A master's signed CLEAR, PHASE, SET PASSWORD, SET ADDRESS or RESIGN after GAME
    <game> was answered "this needs a SIGNON first", which a master never sends here;
    now with the master's own form."""
    text = _signed(gm_engine, config, gm, f"GAME game1\n{line}\n")
    answer = _answer(text, line.replace("newpass1", "********"))
    assert answer.startswith("*** Refused:") and instead in answer, answer
    assert "needs a SIGNON" not in answer, answer


@pytest.mark.parametrize(
    "line",
    [
        "ADJUST someone@example.org 5 keeperpw",
        "RECORD someone@example.org ontime 5 keeperpw",
        "FIXID 3 somesite",
        "NOCONTROL",
    ],
)
def test_njudges_keeper_commands_are_refused_not_passed_over(gm_engine, config, gm, line) -> None:
    """njudge's administrator commands (data/index, "adm/") were passed over as "ignored:
    not an order (a greeting or signature?)"; now refused as the keeper's, with where
    the keeper does it here."""
    text = _signed(gm_engine, config, gm, f"GAME game1\n{line}\n")
    shown = line.replace("keeperpw", "********")
    answer = _answer(text, shown)
    assert answer.startswith("*** Refused: njudge's "), answer
    assert "command line" in answer and "keeperpw" not in text, text


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("SUMMARY", "A summary of game game1 is mailed to you."),
        ("STATUS", "A summary of game game1 is mailed to you."),
        ("WHO GAME", "The players of game game1:"),
        ("WHO GAME FULL", "The players of game game1:"),
        ("LIST", "Status of game game1:"),
        ("HISTORY", "game game1 has no reports yet"),
        ("MAP", "The map of game game1"),
    ],
)
def test_after_game_the_selected_game_is_read(gm_engine, config, gm, line, answer) -> None:
    """A master's SUMMARY, HISTORY, WHO GAME, MAP or LIST without a game after GAME
    <game> was answered "expected: SUMMARY <game>" (only a SIGNON gave them a game);
    now they read the game selected, as a player's read the game signed on to."""
    text = _signed(gm_engine, config, gm, f"GAME game1\n{line}\n")
    assert "expected:" not in _answer(text, line), text
    assert answer in _answer(text, line), text


def test_without_game_the_name_is_still_wanted(gm_engine, config, gm) -> None:
    text = _signed(gm_engine, config, gm, "SUMMARY\n")
    assert _answer(text, "SUMMARY") == "*** Refused: expected: SUMMARY <game>", text


def test_a_failed_game_leaves_no_game_to_read(gm_engine, config, gm) -> None:
    text = _signed(gm_engine, config, gm, "GAME nosuch\nSUMMARY\n")
    assert _answer(text, "SUMMARY") == "*** Refused: expected: SUMMARY <game>", text
