"""CLEAR: withdraw the orders given so far for the current phase."""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.orders import order_refusal
from judge.commands.registry import register
from judge.game.games import clear_orders

# What may follow CLEAR: nothing, or words that say "all of them".
_ALL = frozenset({"", "all", "orders", "all orders", "my orders", "all my orders", "everything"})


@register
class Clear(Command):
    """Withdraw every order of the signed-on power for the current phase."""

    rank = 32

    keyword = "CLEAR"
    syntax = "CLEAR"
    help = (
        "Withdraws every order you have given for the current phase, in earlier\n"
        "mails and earlier in this one; the order lines after it start afresh.\n"
        "Useful to take back a build, a waive or a removal, which another order\n"
        "does not replace. Units left without orders hold (as on the classic judges)."
    )
    needs_signon = True
    masters_instead = (
        "a power's command: a game master writes BECOME <power> first, then CLEAR "
        "withdraws that power's orders"
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None and ctx.player is not None
        reason = order_refusal(ctx)
        if reason is None and " ".join(stmt.args.lower().split()) not in _ALL:
            # "CLEAR A Par": not withdrawn, all of them; the order given last stands
            reason = (
                "CLEAR withdraws all your orders and takes nothing after it; to change "
                "one unit's order, send the new one (the last order for a unit wins)"
            )
        if reason is not None:
            ctx.transcript.refused(stmt.text, reason)
            return
        withdrawn = sum(
            clear_orders(
                ctx.session,
                ctx.game,
                seat.power,
                account_id=ctx.account.id if ctx.account else None,
                from_address=ctx.sender,
                now=ctx.now,
            )
            for seat in ctx.seats  # a player holding two powers clears both
        )
        ctx.waives.clear()  # the waives of this mail are withdrawn too: number them afresh
        ctx.off_map.clear()  # and its orders for armies in orbit
        ctx.given.clear()  # an order after CLEAR replaces nothing
        plural = "order" if withdrawn == 1 else "orders"
        ctx.transcript.ok(
            stmt.text, f"{withdrawn} {plural} for {ctx.game.phase} withdrawn; none stand now."
        )
