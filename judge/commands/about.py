"""VERSION and GET: njudge's questions about the judge itself.

``GET <file>`` (also ``SEND <file>``, ``SEND ME <file>``) answers with the judge's own
help texts under njudge's file names (``GET FORM``, ``GET PRESS``, ``GET DRAWS`` ...)
or under any command's keyword (``GET SET ABSENCE``).  ``GET HISTORY game1`` (a command
with the name of a game on this judge) asks for the command itself: it is refused
with the line to write; other words after GET are prose ("Get Outlook for Android")."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from sqlmodel import select

from judge.commands.base import COMMAND, Command, Context, Statement
from judge.commands.help import help_text, variant_order_help
from judge.commands.registry import all_commands, find, match, register
from judge.commands.trailing import IGNORED_SIGN_OFF
from judge.game.privacy import hidden_from
from judge.store.models import Game

# njudge's help files, and the commands whose help answers each on this judge.
FILES: dict[str, tuple[str, ...]] = {
    "form": ("REGISTER",),
    "press": ("PRESS", "BROADCAST"),
    "draws": ("SET DRAW", "SET NODRAW", "SET CONCEDE", "SET NOCONCEDE"),
    "absence": ("SET ABSENCE", "SET NOABSENCE"),
    "deadlines": (
        "SET DEADLINE",
        "SET TIMING",
        "SET GRACE",
        "SET WAIT",
        "SET PAUSE",
        "SET RESUME",
        "SET EXTEND",
        "SET PLAYER VOTES",
    ),
    "history": ("HISTORY", "SUMMARY"),
    "dedsystems": (
        "GET DEDICATION",
        "INFO PLAYER",
        "WHOIS",
        "SET DEDICATION",
        "SET ONTIMERAT",
        "SET RESRAT",
        "SET ABANDON",
    ),
    "syntax": ("",),  # the orders
}
# The whole command list.
WHOLE = ("index", "info", "help", "package", "flist")


def judge_version() -> str:
    """The judge software's version."""
    try:
        return version("judge")
    except PackageNotFoundError:
        return "unknown"


@register
class Version(Command):
    """Say which software this judge runs."""

    rank = 57
    keyword = "VERSION"
    syntax = "VERSION"
    help = "Tells which software and version this judge runs."

    def run(self, ctx: Context, stmt: Statement) -> None:
        ctx.transcript.ok(
            stmt.text,
            f"{ctx.judge_name} ({ctx.judge_code}): current version is judge {judge_version()}.",
        )


def _commands(name: str) -> list[type[Command]] | None:
    """The commands whose help answers ``GET <name>``; None when none does."""
    key = name.lower()
    if key in WHOLE:
        return list(all_commands())
    if key == "master":
        return [cls for cls in all_commands() if cls.needs_signature]
    if key in FILES:
        keys = FILES[key]
        return [cls for cls in all_commands() if cls.keyword in keys]
    found = find(name)
    return [found] if found is not None else None


def _inner_echo(stmt: Statement) -> str | None:
    """The command line after ``GET`` as that command quotes it (its password hidden:
    ``GET JOIN game1 secret``), or None when the words after GET are no command."""
    found = match(stmt.args) if len(stmt.args.split()) > 1 else None
    if found is None:
        return None
    cls, args = found
    return cls().echo(Statement(stmt.line_no, stmt.args, COMMAND, cls, args))


def _asked_command(ctx: Context, stmt: Statement) -> str | None:
    """The command line ``GET <words>`` asks for, when ``words`` are a command and the
    name of a game on this judge (``HISTORY game1``), written as it should be."""
    found = match(stmt.args)
    name = found[1].split()[0].lower() if found and found[1].split() else ""
    game = ctx.session.exec(select(Game).where(Game.name == name)).first() if name else None
    if found is None or game is None or hidden_from(ctx.session, game, ctx.sender):
        return None
    return _inner_echo(stmt)


@register
class Get(Command):
    """Mail back one of the judge's help texts."""

    rank = 58
    keyword = "GET"
    aliases = ("SEND", "SEND ME")
    syntax = "GET <file>   e.g. GET FORM, GET PRESS, GET DRAWS, GET MASTER, GET <command>"
    help = (
        "Mails back the judge's help under njudge's file names: index (all\n"
        "commands), form (REGISTER), press, draws, absence, deadlines, history,\n"
        "syntax (orders), dedsystems (players' records and entry limits), master\n"
        "(the game master's commands), info.<variant> (a variant's rules and\n"
        "orders: GET info.colonial), or any command (GET SET ABSENCE). Also\n"
        "SEND <file>. GET DEDICATION (its own command) gives your player record."
    )

    @classmethod
    def claims(cls, args: str) -> bool:
        """GET alone (answered with the list of files), GET naming a help file or a
        command, one word (a file this judge has not, refused with the list:
        njudge's ``GET rules``), or a command with more words (``GET HISTORY game1``:
        :func:`_asked_command` tells it from prose); other words after GET are prose
        ("Get Outlook for Android")."""
        name = args.strip()
        return len(name.split()) < 2 or _commands(name) is not None or match(name) is not None

    def echo(self, stmt: Statement) -> str:
        inner = _inner_echo(stmt)
        if inner is None or _commands(stmt.args.strip()):
            return stmt.text
        return f"{stmt.text[: len(stmt.text) - len(stmt.args)].rstrip()} {inner}"

    def run(self, ctx: Context, stmt: Statement) -> None:
        name = stmt.args.strip()
        variant = variant_order_help(name[5:]) if name.lower().startswith("info.") else []
        if variant:  # njudge's info.<variant>: GET info.colonial
            entry = ctx.transcript.ok(stmt.text, f"The judge's help on {name.lower()} follows.")
            entry.extra.extend(variant)
            return
        commands = _commands(name) if name else None
        if not commands and len(name.split()) > 1:
            asked = _asked_command(ctx, stmt)
            if asked is None:  # "Get help now": prose after all
                ctx.transcript.info(self.echo(stmt), IGNORED_SIGN_OFF)
                return
            ctx.transcript.refused(
                self.echo(stmt),
                f"GET and SEND ME take a help file's name; for the command itself write "
                f"{asked} on a line of its own",
            )
            return
        if not commands:
            names = ", ".join([*WHOLE[:1], *FILES, "master", "info.<variant>"])
            ctx.transcript.refused(
                stmt.text, f"this judge has no file {name!r}: it has {names}, and HELP <command>"
            )
            return
        entry = ctx.transcript.ok(stmt.text, f"The judge's help on {name.lower()} follows.")
        entry.extra.extend(help_text(commands))
