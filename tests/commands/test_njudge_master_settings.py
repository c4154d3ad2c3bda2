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


# Every keyword of njudge's SET table (jonmarkgo/njudge ml_set.c, the ``keys`` of
# mail_setp) that this judge did not take: each was "unknown command" before.
NJUDGE_SET_TABLE = """
DICE;NO DICE;FAMINE;NO FAMINE;PLAGUE;NO PLAGUE;LOANS;BANKERS;NO LOANS;NO BANKERS;BANK;
NO BANK;ASSASSINATIONS;ASSASSINS;ASSASSINATION;NO ASSASSINS;NO ASSASSINATIONS;
NO ASSASSINATION;ADJACENCY;ADJACENT;ADJ;NO ADJACENCY;NO ADJACENT;NO ADJ;SPECIAL;
NO SPECIAL;INFO;INFORMATION;QUIET;NO QUIET;RATED;UNRATED;ACCESS ANY;LEVEL EXPERT;SHOW;
NO SHOW;EP 5;EP NUMBER 5;EP NUM 5;CENTRES 20;CENTERS 20;BN 5;BN NUMBER 5;BNC 5;MN 5;
MNC NUM 5;NO STRICT GRACE;STRICT GRACE;MASTER ALLOW x@y.test;MASTERS DENY x@y.test;
ALLOW MASTER x@y.test;DENY MASTERS x@y.test;STRICT WAIT;NO STRICT WAIT;STRICT CONVOY;
NO STRICT CONVOY;LATE PRESS;NO LATE PRESS;MAN PROC;NO MAN PROC;AUTO PROC;MAN START;
NO MAN START;TRANSFORM ANY;TRAFO;NO TRANSFORM;NO TRAFO;XFLAG 3;ANY CENTRES;ANY CENTRE;
ANY CENTERS;HOME CENTER;ONE CENTRE;MAX VACATIONS 20;MAX HOLIDAYS 20;BROADCAST;
BROADCAST PRESS;NORMAL BROADCAST;NO BROADCAST;NO BROADCAST PRESS;NO NORMAL BROADCAST;
BLANK PRESS;NO BLANK PRESS;MACH2;MACHIAVELLI2;MACH-2;NO MACHIAVELLI-2;AIR LIFTS;
NO AIR LIFT;BLANK BOARD;EMPTY BOARD;FORTRESSES;FORT;NO FORTS;AUTO DISBAND;
NO AUTO DISBAND;ANY DISBAND;NORMAL DISBAND;ATTACK TRANSFORMS;NO ATTACK TRANSFORM;
COASTAL CONVOYS;NO COASTAL CONVOY;MONEY;NO MONEY;DISBAND;NO DISBAND;BASIC;ADVANCED;
DUALITY;NO DUALITY;HONG KONG;NO HONG KONG;GATEWAYS;NO GATEWAY;RAILWAYS;NO RAILWAY;
STORMS;NO STORM;PRFLIST;PRFBOTH;PRFRAND;MUST ORDER;NO MUST ORDER;SECRET;NO SECRET;
POSTAL PRESS;NO POSTAL PRESS;BCENTERS;NO BCENTRES;SUMMER;NO SUMMER;GARRISONS;
NO GARRISONS;NEUTRALS;NO NEUTRALS;CAPTURE WIN;NO CAPTURE WIN;AUTO CREATE;
NO AUTO CREATE;TOUCH PRESS;NO TOUCH PRESS;APPROVAL;NO APPROVAL;APPROVED F;APPROVE F;
NOT APPROVED F;NOT APPROVE F;PORTAGE;NO PORTAGE;POWERS 5;ALLIED WIN;NO ALLIED WIN;
GRACE PRESS;NO GRACE PRESS;HOME TRANSFER;NO HOME TRANSFER;NO FAKE BROADCAST;NO FAKE;
PARTIAL MAY BE FAKED;PARTIAL MAY;PARTIAL FAKES BROADCAST BY DEFAULT;DEFAULT;
PARTIAL DEFAULT;PARTIAL FAKES BROADCAST;PARTIAL FAKES;START 25 Dec;UNMODERATE;MOVES 48;
BUILDS 24;ADJUSTS 24;RETREATS 24;BUILD 24
"""
_NOT_TAKEN = [f"SET {w.strip()}" for w in NJUDGE_SET_TABLE.split(";") if w.strip()]


@pytest.mark.parametrize("line", _NOT_TAKEN)
def test_every_njudge_set_form_is_refused_as_njudges(gm, game1, line) -> None:
    """Refused with a reason and this judge's form to write, never "unknown"."""
    ctx = gm(f"GAME game1\n{line}")
    [_, (echo, status, text)] = outcomes(ctx)
    assert (echo, status) == (line, "refused")
    assert text.startswith("njudge's SET ") and "is not offered here" in text, text
    assert "unknown" not in text


@pytest.mark.parametrize(
    ("line", "instead"),
    [
        ("SET HONG KONG", "HELP <variant>"),
        ("SET CENTRES 20", "victory included"),
        ("SET PARTIAL FAKES BROADCAST", "never faked"),
        ("SET GRACE PRESS", "SET MINOR PRESS"),
        ("SET BROADCAST", "OBSERVE <game> OFF"),
        ("SET APPROVE F", "SET ALLOW PLAYER"),
        ("SET LEVEL EXPERT", "SET DEDICATION"),
        ("SET ALLOW MASTER x@y.test", "judge gm add"),
        ("SET START 25 Dec", "SET TIMING DELAY"),
        ("SET BUILDS 24", "SET DEADLINE MOVE|RETREAT|ADJUST"),
        ("SET AUTO PROC", "SET GRACE WAIT"),
        ("SET PRFRAND", "JOIN <game> <password>"),
    ],
)
def test_an_njudge_set_form_names_what_to_write_here(gm, game1, line, instead) -> None:
    [_, (_, _, text)] = outcomes(gm(f"GAME game1\n{line}"))
    assert instead in text, text


@pytest.mark.parametrize(
    ("line", "done"),
    [
        ("SET WHITE/GRAY", "Press in game game1 is now white/grey."),
        ("SET GRAY/WHITE", "Press in game game1 is now grey/white."),
        ("SET WHITE OBSERVER", "Observers of game game1 may send press."),
        ("SET ALLOW PLAYERS x@y.test", "The allow list of game game1: x@y.test."),
        ("SET PLAYERS DENY x@y.test", "The deny list of game game1: x@y.test."),
    ],
)
def test_njudges_other_spellings_of_a_setting_here_are_taken(gm, game1, line, done) -> None:
    """njudge's ml_set.c spellings of settings this judge has: 'unknown command'
    before, or read wrongly ('PLAYERS' is not a mail address; SET PLAYERS <n>)."""
    [*_, (echo, status, text)] = outcomes(gm(f"GAME game1\nSET GREY\n{line}"))
    assert (echo, status) == (line, "ok"), text
    assert text.startswith(done), text
