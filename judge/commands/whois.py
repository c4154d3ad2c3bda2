"""WHOIS (njudge: also WHO IS, WHO): the registration of an address."""

from __future__ import annotations

from sqlmodel import col, select

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.store.models import Account, as_utc

MAX_MATCHES = 10


def registration_lines(account: Account) -> list[str]:
    """An account's registration, field by field (never its password)."""
    since = as_utc(account.created_at)
    return [
        f"Address: {account.address}",
        f"Name: {account.name or '-'}",
        f"Timezone: {account.time_zone}",
        f"Registered: {since.strftime('%Y-%m-%d') if since else '-'}",
    ]


@register
class Whois(Command):
    """Show who is registered at an address."""

    rank = 56
    keyword = "WHOIS"
    aliases = ("WHO IS", "WHO")
    syntax = "WHOIS <address or part of one>"
    help = (
        "Mails back the registration of an address (its name, time zone and since\n"
        f"when it is registered); part of an address lists up to {MAX_MATCHES} matches."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        text = stmt.args.strip().lower()
        if not text or " " in text:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        exact = ctx.session.exec(select(Account).where(Account.address == text)).first()
        found = [exact] if exact is not None else self._matches(ctx, text)
        if not found:
            ctx.transcript.refused(stmt.text, f"nobody is registered at an address like {text!r}")
            return
        entry = ctx.transcript.ok(stmt.text, f"{len(found)} registration(s) found:")
        for account in found:
            entry.extra.extend([*registration_lines(account), ""])

    @staticmethod
    def _matches(ctx: Context, text: str) -> list[Account]:
        pattern = "%" + text.replace("\\", "").replace("%", "").replace("_", "\\_") + "%"
        query = (
            select(Account)
            .where(col(Account.address).like(pattern, escape="\\"))
            .order_by(col(Account.address))
            .limit(MAX_MATCHES)
        )
        return list(ctx.session.exec(query))
