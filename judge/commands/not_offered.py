"""njudge commands this judge does not offer (njudge's mail.c reads them as
commands): answered as such, never read as orders ("'DIARY' is not a province").

A line beginning with ``IF`` is njudge's conditional block only when an ``ENDIF`` line
follows it (a line of prose may begin so): the whole block is refused, line by line,
so that no order inside it is taken as if it had no condition.  ``ENDIF`` alone, and
``ELSE`` outside a block, are refused as njudge commands.
"""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement, masked
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

# Other spellings of those commands, squashed -> the command
_SAME = {"SETPREFERENCES": "SET PREFERENCE", "SETPREF": "SET PREFERENCE"}


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
    aliases = ("IAMALSO", *(k for k in INSTEAD if k != "DIARY"), *_SAME)
    syntax = " | ".join(INSTEAD)
    help = "njudge commands this judge does not offer: each is answered so, not carried out."

    def run(self, ctx: Context, stmt: Statement) -> None:
        word = " ".join(stmt.text.split()[: len(stmt.text.split()) - len(stmt.args.split())])
        written = squash(word.split())
        known = next((k for k in INSTEAD if squash(k.split()) == written), "")
        known = _SAME.get(written, known)
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


# njudge's judgekeeper commands (data/index, "adm/"): keyword -> the number of words
# after it before the keeper's password (None: no password).
KEEPER_WORDS = {"ADJUST": 2, "RECORD": 3, "FIXID": None, "NOCONTROL": None}


@register
class NjudgeKeeperCommand(Command):
    """njudge's judgekeeper commands by mail (``ADJUST <user> <n> <password>``, ``RECORD
    ...``, ``FIXID``, ``NOCONTROL``): refused, with where the keeper does it here, never
    passed over as a greeting; the keeper's password is never quoted back."""

    rank = 99
    keyword = "ADJUST"
    aliases = ("RECORD", "FIXID", "NOCONTROL")
    syntax = "ADJUST | RECORD | FIXID | NOCONTROL"
    help = "njudge's judgekeeper commands: not taken by mail here; nothing is changed."

    @classmethod
    def claims(cls, args: str) -> bool:
        """NOCONTROL alone, FIXID with its words, ADJUST <user> <number> <password> and
        RECORD <user> <field> <value> <password> ("Adjust your orders" is prose)."""
        words = args.split()
        if len(words) == 3:  # ADJUST <user> <increment> <password>
            return words[1].lstrip("+-").isdigit()
        if len(words) == 4:  # RECORD <user> <field> <value> <password>
            return "@" in words[0] or words[0].isdigit()
        return len(words) <= 2 and (not words or words[0].isdigit())

    def echo(self, stmt: Statement) -> str:
        keyword = stmt.text.split()[0].upper()
        before = KEEPER_WORDS.get(keyword)
        return stmt.text if before is None else masked(keyword, stmt.args, before)

    def run(self, ctx: Context, stmt: Statement) -> None:
        keyword = stmt.text.split()[0].upper()
        ctx.transcript.refused(
            self.echo(stmt),
            f"njudge's {keyword} is the judgekeeper's and is not taken by mail here "
            "(nothing was changed): the keeper manages the judge from its command line "
            "on the host (judge --help)",
        )


# njudge's master settings this judge has not (njudge data/index), squashed keyword ->
# what it has instead; each is answered "njudge's SET X is not offered here: ...".
_MISSING = (
    "for orders missing when the grace period ends, SET GRACE PROCESS (the phase is "
    "processed with them defaulted) or SET GRACE WAIT (the game waits for your PROCESS)"
)
_CENTRES = ("CENTRE", "CENTRES", "CENTER", "CENTERS")
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


def _with_no(*settings: str) -> tuple[str, ...]:
    """njudge's ``SET [NO] <setting>``: both forms of each setting."""
    return tuple(f"SET {s}" for s in settings) + tuple(f"SET NO {s}" for s in settings)


# The rest of njudge's SET table (ml_set.c), grouped by what this judge has instead.
_VARIANT_RULES = (
    "the rules of each variant are fixed here (HELP <variant> gives them, victory "
    "included); a game's variant and rule set are chosen at CREATE <name> VARIANT "
    "<variant> [RULES ...]"
)
_NO_FAKE = (
    "press here is never faked: it reaches the powers it names, white or grey as "
    "SET PRESS <mode> allows"
)
_PRESS_RULES = (
    "press is ruled by SET PRESS <mode>, SET PARTIAL / SET NO PARTIAL and SET MINOR "
    "PRESS / SET NO MINOR PRESS only"
)
_ENTRY = (
    "who may join is limited by SET DEDICATION <n>, SET ONTIMERAT <ratio>, SET RESRAT "
    "<ratio> and the lists SET ALLOW PLAYER / SET DENY PLAYER <address>"
)
_NUMBERS = (
    "no Boardman, Miller or EP numbers are kept (njudge keeps the command only for old games)"
)
_DEADLINES = "write SET DEADLINE MOVE|RETREAT|ADJUST <rules> (SET DEADLINE ADJUST 24h)"
_MASTERS = (
    "which addresses may CREATE games is the keeper's: a master's key is registered "
    "with `judge gm add`; SET ALLOW PLAYER / SET DENY PLAYER act on your game"
)
_GROUPS: dict[str, tuple[str, ...]] = {
    _VARIANT_RULES: (
        *_with_no("DICE", "FAMINE", "PLAGUE", "LOANS", "BANK", "BANKERS", "SPECIAL"),
        *_with_no("ASSASSINS", "ASSASSINATION", "ASSASSINATIONS", "ADJ", "ADJACENT"),
        *_with_no("ADJACENCY", "TRANSFORM", "TRAFO", "ATTACK TRANSFORM", "ATTACK TRANSFORMS"),
        *_with_no("MACH2", "MACHIAVELLI2", "MACH-2", "MACHIAVELLI-2", "AIR LIFT", "AIR LIFTS"),
        *_with_no("FORT", "FORTS", "FORTRESS", "FORTRESSES", "AUTO DISBAND", "DISBAND"),
        *_with_no("COASTAL CONVOY", "COASTAL CONVOYS", "MONEY", "DUALITY", "HONG KONG"),
        *_with_no("GATEWAY", "GATEWAYS", "RAILWAY", "RAILWAYS", "STORM", "STORMS"),
        *_with_no("BCENTERS", "BCENTRES", "SUMMER", "GARRISON", "GARRISONS", "NEUTRALS"),
        *_with_no("CAPTURE WIN", "PORTAGE", "ALLIED WIN", "HOME TRANSFER", "STRICT CONVOY"),
        *(f"SET {w} {c}" for w in ("ANY", "HOME", "ONE") for c in _CENTRES),
        "SET ANY DISBAND",
        "SET NORMAL DISBAND",
        "SET BLANK BOARD",
        "SET EMPTY BOARD",
        "SET BASIC",
        "SET ADVANCED",
        "SET CENTRES",
        "SET CENTERS",
        "SET POWERS",
        "SET XFLAG",
        "SET XFLAGS",
    ),
    _NO_FAKE: (
        "SET NO FAKE",
        "SET NO FAKE BROADCAST",
        "SET PARTIAL FAKES",
        "SET PARTIAL MAY",
        "SET PARTIAL DEFAULT",
        "SET DEFAULT",
    ),
    _PRESS_RULES: _with_no("LATE PRESS", "MUST ORDER", "GRACE PRESS", "TOUCH PRESS")
    + _with_no("BLANK PRESS", "POSTAL PRESS"),
    "the master and the observers get every broadcast; an observer who wants none "
    "writes OBSERVE <game> OFF": _with_no("BROADCAST", "NORMAL BROADCAST"),
    _ENTRY: ("SET ACCESS", "SET LEVEL", "SET APPROVAL", "SET NO APPROVAL"),
    "nobody's orders wait for approval here: invite players with SET ALLOW PLAYER "
    "<address> before they join, or EJECT <power> and REPLACE it": (
        "SET APPROVE",
        "SET APPROVED",
        "SET NOT APPROVE",
        "SET NOT APPROVED",
    ),
    "powers are given by the preferences the players write after JOIN <game> "
    "<password>, the rest at random": ("SET PRFLIST", "SET PRFBOTH", "SET PRFRAND"),
    _NUMBERS: tuple(f"SET {n}" for n in ("EP", "BN", "BNC", "MN", "MNC")),
    _DEADLINES: ("SET MOVES", "SET RETREATS", "SET ADJUSTS", "SET BUILD", "SET BUILDS"),
    _MASTERS: tuple(
        f"SET {a} {b}"
        for w in ("ALLOW", "DENY")
        for m in ("MASTER", "MASTERS")
        for a, b in ((w, m), (m, w))
    ),
    "a phase is processed at its deadline, or once every order is in and the game's "
    "DELAY has passed (SET TIMING DELAY <time>); SET DEADLINE <date> <time> moves the "
    "deadline": ("SET START",),
    "the grace period here is a length of time after the deadline (SET GRACE <time>)": (
        _with_no("STRICT GRACE")
    ),
    "every player signed on may SET WAIT": _with_no("STRICT WAIT"),
    "every game counts in the players' records (INFO PLAYER <address>)": (
        "SET RATED",
        "SET UNRATED",
    ),
    "abandoned powers and takeovers are always told to the game's players": _with_no("QUIET"),
    "the players are told each change you make, as the game master's": _with_no("SHOW"),
    "LIST and SUMMARY show how many players a game has and waits for": _with_no("SECRET"),
    "a finished game stays finished: CREATE a new game for the next one": _with_no("AUTO CREATE"),
    "LIST shows no comment; tell the players by BROADCAST": ("SET INFO", "SET INFORMATION"),
    "a player's SET ABSENCE lasts at most 14 days; after BECOME <power> you may set a longer one": (
        "SET MAX VACATIONS",
        "SET MAX HOLIDAYS",
    ),
    _BY_THE_CLOCK: ("SET AUTO PROC", "SET MAN PROC", "SET NO MAN PROC"),
    _STARTS_WHEN_FULL: ("SET MAN START", "SET NO MAN START"),
    _MASTERED: ("SET UNMODERATE",),
}
NJUDGE_SETTINGS |= {form: reason for reason, forms in _GROUPS.items() for form in forms}


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
