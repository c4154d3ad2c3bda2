"""The master's privacy and entry settings in njudge's forms (data/index: SET NOLIST,
SET ALLOW PLAYER, SET DENY PLAYER, SET DEDICATION, SET ONTIMERAT, SET RESRAT), run
with the signature taken as verified, and OBSERVE under the access lists."""

from __future__ import annotations

import pytest

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.privacy import ALLOW, DENY, RESTRICTED, access_list
from tests.commands.helpers import GM, PASSWORDS, address, outcomes
from tests.commands.test_gm_commands import mails, text_of

_LIST = " (send LIST for the games on this judge)"


def run(make_ctx, body: str, sender: str = GM, signed: bool = True):
    ctx = make_ctx(sender)
    ctx.signature_verified = signed
    run_statements(ctx, parse_body(body))
    return ctx


def results(ctx) -> list[tuple[str, str]]:
    return [(status, message) for _, status, message in outcomes(ctx)][1:]  # after GAME


@pytest.mark.parametrize("form", ["SET NOLIST", "SET NO LIST", "SET UNLIST", "set private"])
def test_njudge_forms_of_nolist_make_the_game_private(session, make_ctx, game1, form) -> None:
    ctx = run(make_ctx, f"GAME game1\n{form}\n")
    assert results(ctx)[0][0] == "ok"
    assert game1.unlisted
    told = [m["To"] for m in mails(session) if "now private" in text_of(m)]
    assert sorted(told) == sorted(address(p) for p in PASSWORDS)  # once each, not the GM


def test_nolist_twice_changes_nothing_and_tells_nobody(session, make_ctx, game1) -> None:
    ctx = run(make_ctx, "GAME game1\nSET NOLIST\nSET PRIVATE\nSET PUBLIC\n")
    assert [m for _, m in results(ctx)][1].endswith("nothing changed, and nobody was told.")
    assert not game1.unlisted
    france = [text_of(m) for m in mails(session) if m["To"] == address("france")]
    assert len(france) == 1  # one mail for the mail's changes: private, then listed
    assert "now private" in france[0] and "now listed" in france[0]


def test_a_players_unsigned_nolist_is_refused(make_ctx, game1) -> None:
    ctx = run(make_ctx, "GAME game1\nSET NOLIST\n", signed=False)
    assert not game1.unlisted
    assert all(status == "refused" for _, status, _ in outcomes(ctx))


def test_allow_and_deny_lists_add_and_take_off_addresses(make_ctx, game1) -> None:
    run(make_ctx, "GAME game1\nSET ALLOW PLAYER A@x.test, b@x.test\nSET DENY c@x.test\n")
    assert access_list(game1, ALLOW) == ["a@x.test", "b@x.test"]
    assert access_list(game1, DENY) == ["c@x.test"]
    ctx = run(make_ctx, "GAME game1\nSET ALLOW PLAYER -a@x.test\nSET ALLOW PLAYER nobody\n")
    assert access_list(game1, ALLOW) == ["b@x.test"]
    assert results(ctx)[1] == ("refused", "'nobody' is not a mail address")


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("SET DEDICATION 1", "min_dedication", 1),
        ("SET DEDICATION -10", "min_dedication", -10),
        ("SET ONTIMERAT 0.8", "min_ontime", 0.8),
        ("SET RESRAT .25", "max_resrat", 0.25),
    ],
)
def test_entry_limits_are_stored(make_ctx, game1, line, field, value) -> None:
    ctx = run(make_ctx, f"GAME game1\n{line}\n")
    assert results(ctx)[0][0] == "ok"
    assert getattr(game1, field) == pytest.approx(value)
    run(make_ctx, f"GAME game1\n{line.rsplit(' ', 1)[0]} NONE\n")
    assert getattr(game1, field) is None


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("SET ONTIMERAT 1.5", "1.5 is not a ratio from 0 to 1"),
        ("SET RESRAT lots", "'lots' is not a ratio from 0 to 1 (e.g. 0.8), nor NONE"),
        ("SET DEDICATION 0.5", "'0.5' is not a whole number, nor NONE"),
    ],
)
def test_entry_limits_out_of_range_are_refused(make_ctx, game1, line, why) -> None:
    ctx = run(make_ctx, f"GAME game1\n{line}\n")
    assert results(ctx) == [("refused", f"{why}; nothing was changed")]


def test_observe_follows_the_lists_and_a_private_game_hides_from_strangers(make_ctx, game1) -> None:
    run(make_ctx, "GAME game1\nSET DENY PLAYER barred@x.test\n")
    ctx = run(make_ctx, "OBSERVE game1\n", sender="barred@x.test")
    assert outcomes(ctx)[0][1:] == ("refused", RESTRICTED)
    run(make_ctx, "GAME game1\nSET NOLIST\nSET ALLOW PLAYER guest@x.test\n")
    ctx = run(make_ctx, "OBSERVE game1\nSUMMARY game1\n", sender="stranger@x.test")
    assert [o[1:] for o in outcomes(ctx)] == [
        ("refused", f"there is no game called 'game1'{_LIST}"),
        ("refused", f"there is no game called 'game1'{_LIST}"),
    ]
    ctx = run(make_ctx, "OBSERVE game1\n", sender="guest@x.test")
    assert outcomes(ctx)[0][1] == "ok"
