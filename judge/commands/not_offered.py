"""njudge commands this judge does not offer (njudge's mail.c reads them as
commands): answered as such, never read as orders ("'DIARY' is not a province").

``IF``/``ELSE`` are left out: a line of prose may begin with them; ``ENDIF`` is here.
"""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register

# keyword -> what the judge offers instead (or "")
INSTEAD = {
    "DIARY": "",
    "POSTAL PRESS": "send PRESS",
    "PREDICT": "the game master's PREVIEW",
    "I AM ALSO": "write from the address you registered, or REGISTER this one",
    "WHO GAME": "SUMMARY <game> lists the players",
    "ENDIF": "",
    "SET PREFERENCE": "give your preferences after JOIN <game> <password>",
}


@register
class DrawWord(Command):
    """A draw or a concession asked for in a word of its own (``DRAW``, ``ACCEPT
    DRAW``, ``CONCEDE``): refused with the command that votes, so that the vote the
    player meant is not passed over as a greeting."""

    rank = 99
    keyword = "DRAW"
    aliases = ("ACCEPT DRAW", "VOTE DRAW", "DRAW VOTE", "CONCEDE", "NODRAW", "NO DRAW")
    syntax = "DRAW | ACCEPT DRAW | CONCEDE"
    help = "Not votes: write SET DRAW, SET NODRAW or SET CONCEDE <power> to vote."

    @classmethod
    def claims(cls, args: str) -> bool:
        """The word alone on its line ("Draw the line at Munich" is prose)."""
        return not args.strip()

    def run(self, ctx: Context, stmt: Statement) -> None:
        word = "".join(stmt.text.upper().split())
        hint = _DRAW_HINTS.get(word, "no vote was counted: to vote for a draw, write SET DRAW")
        ctx.transcript.refused(stmt.text, hint)


_DRAW_HINTS = {
    "CONCEDE": "no vote was counted: to concede, write SET CONCEDE <power>",
    "NODRAW": "nothing was changed: to take back a draw vote, write SET NODRAW",
}


@register
class NotOffered(Command):
    """An njudge command this judge does not offer."""

    rank = 99
    keyword = "DIARY"
    aliases = ("IAMALSO", *(k for k in INSTEAD if k != "DIARY"), "SET PREFERENCES")
    syntax = " | ".join(INSTEAD)
    help = "njudge commands this judge does not offer: each is answered so, not carried out."

    def run(self, ctx: Context, stmt: Statement) -> None:
        word = " ".join(stmt.text.split()[: len(stmt.text.split()) - len(stmt.args.split())])
        known = next(
            (k for k in INSTEAD if "".join(k.split()) == "".join(word.upper().split())), ""
        )
        instead = INSTEAD.get(known, "")
        tail = f"; {instead}" if instead else ""
        ctx.transcript.refused(
            stmt.text, f"{word.upper()} is an njudge command not supported on this judge{tail}"
        )
