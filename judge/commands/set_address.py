"""SET ADDRESS: make the address this mail comes from the power's address."""

from __future__ import annotations

from sqlmodel import select

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.store.models import Account


@register
class SetAddress(Command):
    """Move the signed-on power to the sending address."""

    rank = 75

    keyword = "SET ADDRESS"
    aliases = ("SET AD",)  # njudge's short form (ml_set.c)
    syntax = "SET ADDRESS"
    help = (
        "Makes the address this mail was sent from the address of record of the\n"
        "power you signed on as: reports and press go there from now on. To move\n"
        "to a new address, send this from the new address. An address typed after\n"
        "the command is not trusted: it must be the one you are writing from."
    )
    needs_signon = True
    masters_instead = (
        "a player's own address: a game master's is the one the key is registered "
        "for; REPLACE <power> <address> <password> gives a power to another address"
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.player is not None
        typed = stmt.args.strip().strip("<>")
        if typed and typed.lower() != ctx.sender.lower():
            ctx.transcript.refused(
                stmt.text,
                "addresses typed into a mail are not trusted: send SET ADDRESS from "
                "the address you want to use",
            )
            return
        current = ctx.session.get(Account, ctx.player.account_id)
        if current is not None and current.address == ctx.sender:
            ctx.transcript.ok(stmt.text, f"{ctx.sender} is already this power's address.")
            return
        target = (
            ctx.account
            or ctx.session.exec(select(Account).where(Account.address == ctx.sender)).first()
        )
        if target is None:
            target = Account(
                address=ctx.sender,
                name=current.name if current else "",
                time_zone=current.time_zone if current else "UTC",
            )
            ctx.session.add(target)
            ctx.session.flush()
            ctx.account = target
        for seat in ctx.seats:  # both powers of a Root Z player move together
            seat.account_id = target.id  # type: ignore[assignment]
            ctx.session.add(seat)
        ctx.transcript.ok(stmt.text, f"This power's address is now {ctx.sender}.")
