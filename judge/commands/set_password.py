"""SET PASSWORD: a new password for the signed-on power."""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement, masked
from judge.commands.password_reset import forget_code
from judge.commands.registry import register
from judge.store.passwords import hash_password, password_problem


@register
class SetPassword(Command):
    """Change the password of the power signed on to."""

    rank = 70

    keyword = "SET PASSWORD"
    aliases = ("SET PW", "SET P")  # njudge's short forms (ml_set.c); quoted as SET PASSWORD
    # "SET PASSWORD: x" and "SET PASWORD x" were unknown commands, quoted back with x
    colon_after = True
    commas_in_args = True
    misspelt_too = True
    syntax = "SET PASSWORD <new password>"
    help = (
        "Gives the power you signed on as a new password (4 to 64 characters,\n"
        "no spaces). It takes effect from your next mail and is never shown back."
    )
    needs_signon = True
    masters_instead = (
        "a power's password: a game master's mail is known by its signature and has "
        "none; REPLACE <power> <address> <password> gives a power to a player with a "
        "new password"
    )

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
            forget_code(seat)  # a FORGOT PASSWORD code no longer signs on
            ctx.session.add(seat)
        ctx.transcript.ok(echo, "Password changed.")


def _keyword_as_written(stmt: Statement) -> str:
    """The words of the line before its arguments, as the player wrote them."""
    words, after = stmt.text.split(), len(stmt.args.split())
    return " ".join(words[: len(words) - after])


@register
class PasswordWord(Command):
    """A password change asked for without SET (``PASSWORD x``, ``Change password x``,
    ``Password: x`` outside a REGISTER form): refused with the command that does it,
    the password never quoted back (it was passed over as a greeting, and quoted)."""

    rank = 99
    keyword = "PASSWORD"
    aliases = (
        *("CHANGE PASSWORD", "NEW PASSWORD", "CHANGE MY PASSWORD", "RESET PASSWORD"),
        *("NEWPASS", "PASSWD", "SET PASS", "SET PASSWD"),  # the password was quoted back
    )
    colon_after = True
    syntax = "PASSWORD | CHANGE PASSWORD | NEW PASSWORD"
    help = "Not commands: write SET PASSWORD <new password> after your SIGNON."

    @classmethod
    def claims(cls, args: str) -> bool:
        """A password or nothing after the words ("Password is fine" is prose)."""
        return len(args.split()) <= 1

    def echo(self, stmt: Statement) -> str:
        return masked(_keyword_as_written(stmt), stmt.args, 0)

    def run(self, ctx: Context, stmt: Statement) -> None:
        ctx.transcript.refused(
            self.echo(stmt),
            "no password was changed: to change your power's password, write "
            "SET PASSWORD <new password> on a line after your SIGNON; an account's "
            "password goes in a REGISTER form (Password:, New password:)",
        )
