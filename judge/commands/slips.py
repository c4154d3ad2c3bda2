"""Lines whose first word is a command's keyword with one slip (``PAUES``,
``CRAETE alpha``, ``OBSERV game1 secret``) and that are not read as that command.
In a game master's signed mail (before any SIGNON) such a line naming a master's
command is a typo, not a greeting; a line that would carry a password is never quoted
back. Both are refused with the keyword meant.  So is a command with a password
written after other words of its line (``Dear GM, SIGNON Fgame1 secret``): a command
is read at the start of its line only, as on njudge."""

from __future__ import annotations

from judge.commands import registry
from judge.commands.base import COMMAND, HIDDEN, Context, Statement


def slip_refusal(ctx: Context, stmt: Statement) -> tuple[str, str] | None:
    """(the line as quoted back, the reason) when ``stmt``, a line that is no command,
    is a slip of a command's keyword to refuse; else None."""
    if ctx.signed_on:
        return None  # a line of orders
    found = registry.near_miss(stmt.text)
    if found is None:
        return None
    cls, args = found
    shown = cls().echo(Statement(stmt.line_no, stmt.text, COMMAND, cls, args))
    if not (cls.needs_signature and ctx.signature_verified) and HIDDEN not in shown:
        return None
    return shown, f"not understood: did you mean {cls.keyword}? Nothing was done"


def command_inside(text: str) -> tuple[str, str] | None:
    """(the line as quoted back, the reason) when a command that carries a password
    stands after other words of ``text`` (``Dear GM, SIGNON Fgame1 secret``, ``Hello
    judge! SIGNON ...``); else None.  Its password is hidden."""
    words = text.split()
    for start in range(1, len(words)):
        found = registry.match(" ".join(words[start:]))
        if found is None:
            continue
        cls, args = found
        shown = cls().echo(Statement(0, " ".join(words[start:]), COMMAND, cls, args))
        if HIDDEN in shown:
            reason = (
                f"{cls.keyword} is read at the start of a line only: write {shown} on a "
                "line of its own"
            )
            return " ".join([*words[:start], shown]), reason
    return None
