"""Greetings and sign-offs: "Hi all", "Thanks!", "Cheers, Alice", "Sent from my
iPhone", a bare name.  People and mail programs add them without a ``--`` line; they
are listed as ignored instead of refused, so a clean order mail raises no error flag.

A line is a greeting or sign-off only when it cannot be an attempt at an order, and
the order reader of the game's rules decides that
(:meth:`judge.rules.base.Ruleset.order_attempt`): ``A Vie-Gal``, ``A Bud-Srb``,
``A ORB H`` or ``1:mun:S1901 H`` is read wherever it stands, and refused with its
reason when it is wrong.  A mail of nothing but such lines (no command at all) has
nothing to greet: its lines are read as they are.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from judge.commands.base import OTHER, Statement
from judge.rules.registry import ruleset_for
from judge.store.models import Game

IGNORED_SIGN_OFF = "ignored: not an order (a greeting or signature?)"
# A ``--`` line with an order or a command below it: a separator, not a signature.
BELOW_SIGNATURE = "a signature line, but orders or commands follow it: they are read"

# The rules a line is read by before any SIGNON (no game yet).
_NO_GAME = "standard"


def may_greet(statements: Sequence[Statement]) -> bool:
    """Whether the mail holds a command (or a line that looks like one), which its
    other lines may greet or sign off."""
    return any(stmt.kind != OTHER for stmt in statements)


def nothing_to_read(statements: Sequence[Statement]) -> bool:
    """Whether a mail holds no command and no line that could be an order (before a
    SIGNON: in a standard game), only greetings, sign-offs and prose."""
    return not may_greet(statements) and all(is_sign_off(None, s.text) for s in statements)


def is_sign_off(game: Game | None, text: str) -> bool:
    """Whether an order line of a mail cannot be an attempt at an order in ``game``
    (before a SIGNON: in a standard game), and so is a greeting or sign-off."""
    if game is None:
        return not ruleset_for(_NO_GAME).order_attempt(_NO_GAME, text)
    return not ruleset_for(game.variant, game.rules).order_attempt(game.variant, text)


def slipped_among_orders(game: Game | None, statements: Sequence[Statement], index: int) -> bool:
    """Whether the line at ``index``, passed over as a greeting, is an order mistyped
    because it stands among orders or next to them: it is near one in ``game``'s
    rules (``Pari H``, ``Jaive``: :meth:`judge.rules.base.Ruleset.order_near`), and
    the lines next to it, up and down with no blank line between, reach an attempt at
    an order each way over lines near one; or one way only, and it is near one as
    the line standing there is: above the first order, where greetings stand (``Pari
    H``, not "Hi Tom"), or under the last, where names and initials stand (``Kiel
    holt``, ``Jaive``, not "Rose H").  A signature or a greeting stands before or
    after the orders, never among them."""
    if game is None:
        return False
    rules = ruleset_for(game.variant, game.rules)
    text = statements[index].text
    near = functools.cache(lambda where: rules.order_near(game.variant, text, where))
    if not (near("among") or near("above")):
        return False  # near no order wherever it stands (what is near below is near above)
    above, below = [_reaches_order(game, statements, index, step) for step in (1, -1)]
    if not (above or below):
        return False
    return near("among" if above and below else "above" if above else "below")


def _reaches_order(game: Game, statements: Sequence[Statement], index: int, step: int) -> bool:
    """Whether the lines from ``index`` on, one ``step`` at a time, reach an attempt
    at an order over lines near one, without a blank line or a command between."""
    rules = ruleset_for(game.variant, game.rules)
    line_no, at = statements[index].line_no, index + step
    while 0 <= at < len(statements):
        stmt = statements[at]
        if stmt.kind != OTHER or stmt.line_no != line_no + step:
            return False
        if rules.order_attempt(game.variant, stmt.text):
            return True
        if not rules.order_near(game.variant, stmt.text):
            return False
        line_no, at = stmt.line_no, at + step
    return False


def order_shaped(game: Game, text: str) -> bool:
    """Whether an order line below a signature line (``--``) has an order's shape in
    ``game`` (``A Pra - Bru``), so that it is read, and refused with its reason when
    wrong, rather than taken for the signature."""
    return ruleset_for(game.variant, game.rules).order_shaped(game.variant, text)
