"""SET PASSWORD: a new password for the signed-on power."""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement, masked
from judge.commands.registry import register
from judge.store.passwords import hash_password, password_problem


@register
class SetPassword(Command):
    """Change the password of the power signed on to."""

    rank = 70

    keyword = "SET PASSWORD"
    # "SET PASSWORD: x" and "SET PASWORD x" were unknown commands, quoted back with x
    colon_after = True
    misspelt_too = True
    syntax = "SET PASSWORD <new password>"
    help = (
        "Gives the power you signed on as a new password (4 to 64 characters,\n"
        "no spaces). It takes effect from your next mail and is never shown back."
    )
    needs_signon = True

    def echo(self, stmt: Statement) -> str:
        return masked("SET PASSWORD", stmt.args, 0)

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.player is not None
        echo = self.echo(stmt)
        words = stmt.args.split()
        if len(words) != 1:
            ctx.transcript.refused(echo, f"expected: {self.syntax}")
            return
        problem = password_problem(words[0])
        if problem is not None:
            ctx.transcript.refused(echo, problem)
            return
        hashed = hash_password(words[0])
        for seat in ctx.seats:  # one password for both powers of a Root Z player
            seat.password_hash = hashed
            ctx.session.add(seat)
        ctx.transcript.ok(echo, "Password changed.")
