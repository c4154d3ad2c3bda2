"""LIST, HELP and SIGNOFF, and the registry that HELP is built from."""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import Engine

from judge.commands import registry
from judge.commands.base import Command, Context, Statement
from judge.commands.help import help_text
from tests.commands.helpers import outcomes


def test_list_games_and_one_game(run):
    ctx = run("LIST")
    [entry] = ctx.transcript.entries
    assert any(line.startswith("game1 ") and "S1901M" in line for line in entry.extra)
    ctx = run("LIST game1")
    text = "\n".join(ctx.transcript.entries[0].extra)
    assert "France: 3 centres (bre, mar, par)" in text and "A Par" in text
    assert "@" not in text  # no addresses
    assert outcomes(run("LIST nogame"))[0][1] == "refused"


def test_list_after_a_signon_shows_the_game_signed_on_to(run):
    """njudge's data/index 211-213: "ply/ LIST: The detailed report of all players
    and units will be generated for the currently signed on game"; it listed all
    the games instead."""
    ctx = run("SIGNON Fgame1 paris11\nLIST")
    assert outcomes(ctx)[1][1:] == ("ok", "Status of game game1:")
    assert "France: 3 centres (bre, mar, par)" in "\n".join(ctx.transcript.entries[1].extra)


def test_help_lists_every_command_from_its_own_text(run):
    ctx = run("HELP")
    text = "\n".join(ctx.transcript.entries[0].extra)
    for cls in registry.all_commands():
        assert cls.syntax in text and cls.help.splitlines()[0] in text
    one = "\n".join(run("help set password").transcript.entries[0].extra)
    assert "SET PASSWORD" in one and "REGISTER" not in one
    assert outcomes(run("HELP FROBNICATE"))[0][1] == "refused"


def test_signoff_stops_reading(run):
    ctx = run("LIST\nSIGNOFF\nHELP")
    assert [e.echo for e in ctx.transcript.entries] == ["LIST", "SIGNOFF"] or [
        e.echo for e in ctx.transcript.entries
    ] == ["LIST"]


def test_a_new_command_plugs_in_and_can_require_a_signature(run):
    class Frobnicate(Command):
        keyword = "FROBNICATE"
        syntax = "FROBNICATE <thing>"
        help = "Frobnicates a thing (game masters only)."
        needs_signature = True

        def run(self, ctx: Context, stmt: Statement) -> None:
            ctx.transcript.ok(stmt.text, f"frobnicated {stmt.args}")

    registry.register(Frobnicate)
    try:
        assert "FROBNICATE <thing>" in "\n".join(help_text())
        ctx = run("frob nicate widget")
        assert outcomes(ctx)[0][1] == "refused" and "signed" in outcomes(ctx)[0][2]
        from judge.commands.inbound import run_statements
        from judge.commands.parser import parse_body

        ctx = run("")
        ctx.signature_verified = True
        run_statements(ctx, parse_body("FROBNICATE widget"))
        assert outcomes(ctx) == [("FROBNICATE widget", "ok", "frobnicated widget")]
    finally:
        registry.unregister(Frobnicate)
    assert registry.find("FROBNICATE") is None


def test_keywords_cannot_be_taken_twice():
    class Clash(Command):
        keyword = "LIST"

    try:
        registry.register(Clash)
    except ValueError as error:
        assert "already taken" in str(error)
    else:
        raise AssertionError("a second LIST was accepted")
    finally:
        registry.unregister(Clash)
    assert registry.find("LIST") is not None


def test_issue26_list_gives_the_deadline_in_the_readers_zone_too(run, session):
    from tests.commands.forming import registered

    registered(session, "reader@players.test", "America/New_York")
    lines = run("LIST game1", "reader@players.test").transcript.entries[0].extra
    [deadline] = [line for line in lines if line.startswith("Deadline: ")]
    assert " EST (" in deadline and deadline.endswith(" UTC)"), deadline


def test_list_of_every_game_reads_no_position(run):
    """Issue 25, item 8: LIST alone reads the five columns it shows, in one query (a
    judge may hold thousands of games; their positions are most of the table)."""
    statements: list[str] = []

    def record(_conn, _cursor, statement, _parameters, _context, _many):  # noqa: ANN001, ANN202
        if "FROM game" in statement:
            statements.append(statement)

    event.listen(Engine, "before_cursor_execute", record)
    try:
        ctx = run("LIST")
    finally:
        event.remove(Engine, "before_cursor_execute", record)
    assert any(line.startswith("game1 ") for line in ctx.transcript.entries[0].extra)
    assert len(statements) == 1 and "position" not in statements[0], statements
