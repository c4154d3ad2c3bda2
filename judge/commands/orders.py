"""Orders: the lines after a SIGNON that are not commands."""

from __future__ import annotations

from judge import order_rules
from judge.commands.base import Command, Context, Statement
from judge.commands.phase import same_phase
from judge.commands.registry import register
from judge.commands.transcript import OK, REFUSED, Outcome
from judge.games import store_order
from judge.models import FINISHED, FORMING, PLAYING


def order_refusal(ctx: Context) -> str | None:
    """Why no orders can be taken now for the signed-on power, or None."""
    game = ctx.game
    assert game is not None
    if game.status == FINISHED:
        return f"game {game.name} is finished: it takes no more orders"
    if game.status == FORMING:
        return f"game {game.name} has not started yet: it takes no orders"
    if ctx.player is not None and ctx.player.status != PLAYING and not ctx.became:
        return f"you no longer play {ctx.player.power.title()} in game {game.name}"
    if ctx.order_phase is not None and not same_phase(ctx.order_phase, game.phase):
        return f"these orders are for {ctx.order_phase}, but game {game.name} is in {game.phase}"
    return None


@register
class Orders(Command):
    """Order lines for the signed-on power (not typed with a keyword)."""

    rank = 30

    keyword = ""
    syntax = "<order>[, <order>...]   e.g. A Par - Bur, F Bre - MAO"
    help = (
        "After SIGNON, every line that is not a command holds orders for your\n"
        "power; several orders on one line are separated by , or ;. The last valid\n"
        "order for a unit wins. Orders count for the game's current phase only."
    )
    needs_signon = True

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None and ctx.player is not None
        ctx.orders_attempted = True
        reason = order_refusal(ctx)
        if reason is not None:
            ctx.transcript.refused(stmt.text, reason)
            return
        checks = ctx.rules.check(ctx.game.position_doc(), ctx.player.power, [stmt.text])
        if not checks:
            return
        entry = ctx.transcript.line(stmt.text)
        for check in checks:
            key = None
            if check.ok and str(check.key).startswith("waive"):
                key, refusal = _waive_key(ctx)
                if refusal is not None:
                    entry.outcomes.append(Outcome(REFUSED, f"{check.text}: {refusal}"))
                    continue
            if check.ok:
                store_order(
                    ctx.session,
                    ctx.game,
                    ctx.player.power,
                    check,
                    account_id=ctx.account.id if ctx.account else None,
                    from_address=ctx.sender,
                    now=ctx.now,
                    key=key,
                )
                entry.outcomes.append(Outcome(OK, f"Accepted: {check.canonical}"))
            else:
                reason = check.message or f"{check.text}: not understood"
                entry.outcomes.append(Outcome(REFUSED, reason))


def _waive_key(ctx: Context) -> tuple[str, str | None]:
    """The key of the next waive of this mail (waive:1, waive:2, ...: a later mail's
    waives replace these one for one), or why it is one more than the builds owed."""
    assert ctx.game is not None and ctx.player is not None
    owed = order_rules.owed(ctx.game.position_doc()).get(ctx.player.power, [])
    builds = sum(item.count for item in owed if item.key == "build")
    number = ctx.waives + 1
    if number > builds:
        if builds == 0:
            return "", "you have no build to waive"
        units = "unit" if builds == 1 else "units"
        return "", f"you may build only {builds} {units}, and this mail waives {builds} already"
    ctx.waives = number
    return f"waive:{number}", None
