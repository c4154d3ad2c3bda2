"""SIGNOFF: the end of the commands in a mail."""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register


@register
class SignOff(Command):
    """Stop reading the mail here."""

    rank = 90

    keyword = "SIGNOFF"
    syntax = "SIGNOFF"
    help = (
        "End of the commands: nothing after this line is read. A signature\n"
        "delimiter line (--) has the same effect."
    )
    stops = True

    def run(self, ctx: Context, stmt: Statement) -> None:
        """Nothing to do: the parser stops reading at SIGNOFF."""
