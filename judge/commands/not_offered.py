"""njudge commands this judge does not offer (njudge's mail.c reads them as
commands): answered as such, never read as orders ("'DIARY' is not a province").

A line beginning with ``IF`` is njudge's conditional block only when an ``ENDIF`` line
follows it (a line of prose may begin so): the whole block is refused, line by line,
so that no order inside it is taken as if it had no condition.  ``ENDIF`` alone, and
``ELSE`` outside a block, are refused as njudge commands.
"""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register, squash

# keyword -> what the judge offers instead (or "")
INSTEAD = {
    "DIARY": "",
    "POSTAL PRESS": "send PRESS",
    "PREDICT": "the game master's PREVIEW",
    "I AM ALSO": "write from the address you registered, or REGISTER this one",
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


# njudge's master commands this judge has not (njudge data/master), keyword -> what
# to write instead.
MASTER_INSTEAD = {
    "PROMOTE": "a game here has one master, the address that created it: no co-master "
    "or new master can be promoted",
    "UNSTART": "a started game does not go back to forming: ROLLBACK <phase> takes it back "
    "to an earlier phase, REPLACE <power> <address> <password> gives a power to another player",
    "BECOME MASTER": "you are the master of each game you CREATE from the address your key "
    "is registered for: GAME <name> selects it",
}


@register
class NjudgeMasterCommand(Command):
    """A master's command of njudge's that this judge has not (``PROMOTE <address>``,
    ``UNSTART``, ``BECOME MASTER``): refused with what to write instead, never passed
    over as a greeting."""

    rank = 99
    keyword = "PROMOTE"
    aliases = tuple(k for k in MASTER_INSTEAD if k != "PROMOTE")
    syntax = " | ".join(MASTER_INSTEAD)
    help = "njudge master commands this judge has not: each is answered so, nothing is changed."

    @classmethod
    def claims(cls, args: str) -> bool:
        """Nothing after the words, or for PROMOTE one address ("Promote the game" is
        prose)."""
        words = args.split()
        return not words or (len(words) == 1 and "@" in words[0])

    def run(self, ctx: Context, stmt: Statement) -> None:
        squashed = squash(stmt.text.split())
        known = next(k for k in MASTER_INSTEAD if squashed.startswith(squash(k.split())))
        ctx.transcript.refused(
            stmt.text,
            f"njudge's {known} is not offered here (nothing was changed): {MASTER_INSTEAD[known]}",
        )


# njudge's master settings this judge has not (njudge data/index), squashed keyword ->
# what it has instead; each is answered "njudge's SET X is not offered here: ...".
_MISSING = (
    "for orders missing when the grace period ends, SET GRACE PROCESS (the phase is "
    "processed with them defaulted) or SET GRACE WAIT (the game waits for your PROCESS)"
)
_MASTERED = "every game here has its master (who CREATEs it), and is steered by signed mail"
_NO_PROXY = (
    "a power's units are ordered by its own player only; you may order for a power "
    "after BECOME <power>"
)
_AT_CREATE = (
    "the variant and its rules are chosen when the game is made: CREATE <name> VARIANT "
    "<variant> [RULES ...]"
)
_BY_THE_CLOCK = (
    "a phase is processed at its deadline, or earlier once every order is in; SET GRACE "
    "WAIT makes the game wait for your PROCESS when orders are still missing after the "
    "grace period, and PAUSE stops the clock"
)
_STARTS_WHEN_FULL = (
    "a forming game starts when as many players as SET PLAYERS <n> asks for have joined; "
    "START starts it with whoever has joined"
)
NJUDGE_SETTINGS = {
    "SET NMR": _MISSING,
    "SET NO NMR": _MISSING,
    "SET CD": _MISSING,  # njudge: the same as SET NMR
    "SET NO CD": _MISSING,
    "SET MODERATED": _MASTERED,
    "SET MODERATE": _MASTERED,
    "SET UNMODERATED": "every game here has its master (who CREATEs it)",
    "SET COMMENT": "LIST shows no comment; tell the players by BROADCAST",
    "SET CONCESSIONS": "SET CONCEDE is always open to the players in a DIAS game "
    "(SET NODIAS turns concessions into one-power draws)",
    "SET NO CONCESSIONS": "SET CONCEDE is always open to the players in a DIAS game; "
    "SET NODIAS makes a concession a draw of one power, which every survivor must vote",
    "SET ALL PRESS": "you get a copy of every broadcast; press to some powers only is not "
    "copied (SET NO PARTIAL allows only broadcasts)",
    "SET NORMAL PRESS": "you get a copy of every broadcast, and of no other press",
    "SET LATE COUNT": "late notices carry no count of the times a player was late; INFO "
    "PLAYER <address> gives a player's record (phases on time, late and missed)",
    "SET NO LATE COUNT": "late notices carry no count",
    "SET MAX ABSENCE": "a player's SET ABSENCE lasts at most 14 days; after BECOME <power> "
    "you may set a longer one",
    "SET WATCH ALL PRESS": "observers get broadcasts and press to the observers (PRESS TO "
    "O), never press between players",
    "SET NO WATCH ALL PRESS": "observers never get press between players",
    "SET REVEAL": "the players of an anonymous game are shown once it ends",
    "SET NO REVEAL": "the players of an anonymous game are shown once it ends (LIST, "
    "SUMMARY, HISTORY)",
    "SET MOVE": "write SET DEADLINE MOVE <rules> (SET DEADLINE MOVE 48h AT 20:00 DAYS "
    "mon-fri GRACE 24h)",
    "SET RETREAT": "write SET DEADLINE RETREAT <rules> (SET DEADLINE RETREAT 24h)",
    "SET ADJUST": "write SET DEADLINE ADJUST <rules> (SET DEADLINE ADJUST 24h)",
    "SET PROXY": _NO_PROXY,
    "SET NO PROXY": _NO_PROXY,
    "SET VARIANT": _AT_CREATE,
    "SET NOT VARIANT": _AT_CREATE,
    "SET MANUAL PROCESS": _BY_THE_CLOCK,
    "SET NO MANUAL PROCESS": _BY_THE_CLOCK,
    "SET AUTO PROCESS": _BY_THE_CLOCK,
    "SET NO AUTO PROCESS": _BY_THE_CLOCK,
    "SET MANUAL START": _STARTS_WHEN_FULL,
    "SET NO MANUAL START": _STARTS_WHEN_FULL,
    "SET AUTO START": _STARTS_WHEN_FULL,
    "SET NO AUTO START": _STARTS_WHEN_FULL,
}


def _setting_written(text: str) -> str:
    """The njudge setting a line begins with, as ``NJUDGE_SETTINGS`` names it."""
    squashed = squash(text.split())
    return max((k for k in NJUDGE_SETTINGS if squashed.startswith(squash(k.split()))), key=len)


@register
class NjudgeSetting(Command):
    """A master's setting of njudge's that this judge has not, under any name:
    answered so, with what the judge offers instead (never "unknown command")."""

    rank = 99
    keyword = "SET NMR"
    aliases = tuple(k for k in NJUDGE_SETTINGS if k != "SET NMR")
    syntax = "SET NMR | MODERATED | COMMENT | CONCESSIONS | ALL PRESS | LATE COUNT | ..."
    help = "njudge master settings this judge has not: each is answered so, nothing is changed."

    def run(self, ctx: Context, stmt: Statement) -> None:
        known = _setting_written(stmt.text)
        ctx.transcript.refused(
            stmt.text,
            f"njudge's {known} is not offered here (nothing was changed): {NJUDGE_SETTINGS[known]}",
        )


@register
class Conditional(Command):
    """njudge's conditional orders, ``IF <condition>`` ... [``ELSE`` ...] ``ENDIF``
    (po_condition.c): not offered.  The orders inside were taken as if they had no
    condition; now every line up to ``ENDIF`` is refused."""

    rank = 99
    keyword = "IF"
    block_ends = ("ENDIF", "END IF")
    block_needs_end = True
    syntax = "IF <condition> ... ENDIF"
    help = "njudge's conditional orders: not offered here; write your orders without IF."

    def run(self, ctx: Context, stmt: Statement) -> None:
        ctx.transcript.refused(
            stmt.text,
            "conditional orders (IF ... ENDIF) are not taken on this judge: no line up to "
            "ENDIF is read; write the orders you want without IF",
        )
        for line in stmt.block:
            if line.strip():
                ctx.transcript.refused(line.strip(), "inside IF ... ENDIF: not read")
