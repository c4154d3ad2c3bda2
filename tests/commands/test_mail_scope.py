"""mail_scope: what processing a stored mail may touch (its sender, the games it names),
or None when the mail must keep its place in the queue."""

from __future__ import annotations

import pytest

from judge.commands.inbound import mail_scope
from judge.commands.registry import all_commands
from tests.commands.helpers import judge_config, make_mail

CONFIG = judge_config()
FRANCE = "France@Players.Test"


def scope(body: str, sender: str = FRANCE, **kwargs) -> frozenset[str] | None:  # noqa: ANN003
    return mail_scope(make_mail(sender, body, **kwargs), CONFIG)


def test_orders_belong_to_the_sender_and_the_game_signed_on_to() -> None:
    keys = scope("SIGNON Fgame1 paris11\nA Par - Bur\nF Bre - MAO\n")
    # the game as power initial + name, and the whole word as a game's name (the
    # SIGNON of a player holding two powers names the game alone)
    assert keys == {"from:france@players.test", "game:game1", "game:fgame1"}


def test_the_long_signon_form_and_aliases_name_the_game_in_lower_case() -> None:
    assert scope("signon FRANCE@Game7 paris11\nA Par H") == {
        "from:france@players.test",
        "game:game7",
        "game:france@game7",
    }
    assert "game:game8" in (scope("LOGIN Fgame8 paris11") or ())


def test_a_mail_of_in_game_commands_keeps_the_sender_and_its_games() -> None:
    body = (
        "SIGNON Fgame1 paris11\n"
        "PHASE S1901M\n"
        "CLEAR\n"
        "A Par - Bur\n"
        "SET WAIT\nSET NOWAIT\nSET DRAW\nSET NODRAW\nSET CONCEDE\nSET NOCONCEDE\n"
        "PRESS TO G\nhello\nENDPRESS\n"
        "BROADCAST\nhi all\nENDPRESS\n"
        "HELP\n"
        "SIGNOFF\n"
        "REGISTER\n"  # after SIGNOFF: never read
    )
    assert scope(body) == {"from:france@players.test", "game:game1", "game:fgame1"}


def test_reading_commands_add_the_game_they_name() -> None:
    body = "HISTORY Game2 S1901M\nMAP game3\nSUMMARY game4\nLIST game5\n"
    assert scope(body) == {
        "from:france@players.test",
        "game:game2",
        "game:game3",
        "game:game4",
        "game:game5",
    }


def test_a_mail_without_commands_has_its_sender_alone() -> None:
    assert scope("Hello, how do I play?\n") == {"from:france@players.test"}


@pytest.mark.parametrize(
    "body",
    [
        "REGISTER\nName: Ada\nPassword: first1\nEND\n",
        "SET PASSWORD old1 new2\n",
        "SET ADDRESS new@players.test\n",
        "JOIN game1 secret\n",
        "OBSERVE game1\n",
        "SIGNON Fgame1 paris11\nRESIGN paris11\n",
        "SIGNON Fgame1 paris11\nSET ABSENCE 2026-12-01 TO 2026-12-03\n",
        "SIGNON Fgame1 paris11\nA Par - Bur\nPROCESS game1\n",  # a master's command
        "LIST\n",  # every game
        "SIGNON\n",
        "SIGNON F paris11\n",
        "SIGNON @game1 paris11\n",
    ],
)
def test_commands_beyond_the_sender_and_its_games_make_a_barrier(body: str) -> None:
    assert scope(body) is None


def test_every_other_command_makes_a_barrier() -> None:
    """The in-game commands are listed here on their own; any command added later
    keeps its mail in place until it is judged to touch only its sender and games."""
    in_game = {
        "SIGNON", "HELLO", "TAKEOVER", "SIGNOFF", "CLEAR", "PHASE", "SET WAIT", "SET NOWAIT",
        "SET DRAW", "SET NODRAW", "SET CONCEDE", "SET NOCONCEDE", "PRESS", "BROADCAST",
        "HELP", "SUMMARY", "HISTORY", "MAP", "LIST",
    }  # fmt: skip
    seen = set()
    for command in all_commands():
        if not command.keyword:
            continue  # order lines
        seen.add(command.keyword)
        # after a SIGNON, and with a word after the keyword (LIST alone is a barrier);
        # a command that takes no prose (GET) is given alone
        args = " game9 x" if command.claims("game9 x") else ""
        # a block that needs its end (IF ... ENDIF) is a command only with it
        end = f"\n{command.block_ends[0]}" if command.block_needs_end else ""
        keys = scope(f"SIGNON Fgame1 paris11\n{command.keyword}{args}{end}\n")
        assert (keys is not None) == (command.keyword in in_game), command.keyword
    assert in_game <= seen


def test_automatic_mail_has_no_scope() -> None:
    auto = {"Auto-Submitted": "auto-replied"}
    assert scope("SIGNON Fgame1 paris11\n", headers=auto) is None
    assert scope("SIGNON Fgame1 paris11\n", sender="MAILER-DAEMON@players.test") is None


def test_mail_kept_without_its_body_or_too_large_has_no_scope() -> None:
    raw = make_mail(FRANCE, "SIGNON Fgame1 paris11\n")
    assert mail_scope(raw, CONFIG, original_size=5_000_000) is None
    assert mail_scope(raw, judge_config(max_bytes=100)) is None
    assert mail_scope(raw, CONFIG) is not None


def test_signed_mail_has_no_scope() -> None:
    clear_signed = (
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nSIGNON Fgame1 paris11\n"
        "-----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCAAdFiEE\n-----END PGP SIGNATURE-----\n"
    )
    assert scope(clear_signed) is None
    assert mail_scope(_pgp_mime(), CONFIG) is None
    wrapped = _pgp_mime().replace(b"multipart/signed", b"multipart/mixed")
    assert mail_scope(wrapped, CONFIG) is None  # a signature part inside another


def _pgp_mime() -> bytes:
    return (
        b"From: france@players.test\r\nTo: judge@judge.test\r\nSubject: orders\r\n"
        b"Message-ID: <pgp.1@players.test>\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/signed; micalg=pgp-sha256; protocol="application/'
        b'pgp-signature"; boundary="b1"\r\n\r\n'
        b"--b1\r\nContent-Type: text/plain\r\n\r\nSIGNON Fgame1 paris11\r\n"
        b"--b1\r\nContent-Type: application/pgp-signature\r\n\r\n"
        b"-----BEGIN PGP SIGNATURE-----\r\n\r\niQEz\r\n-----END PGP SIGNATURE-----\r\n"
        b"--b1--\r\n"
    )


def test_commands_below_a_signature_line_count_as_they_may_be_read() -> None:
    # what is below a "--" line is read when it holds orders or a SIGNON, so its
    # commands bound the mail's scope too
    assert scope("SIGNON Fgame1 paris11\n--\nSIGNON Fgame2 paris11\n") == {
        "from:france@players.test",
        "game:game1",
        "game:fgame1",
        "game:game2",
        "game:fgame2",
    }
    assert scope("SIGNON Fgame1 paris11\n-- \nJOIN game2 secret\n") is None


def test_a_comma_after_the_signon_target_names_the_game_itself() -> None:
    assert scope("SIGNON Fgame1, paris11\nA Par - Bur\n") == {
        "from:france@players.test",
        "game:game1",
        "game:fgame1",
    }
