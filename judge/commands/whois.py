"""WHOIS (njudge: also WHO IS; INFO PLAYER): the registration and record of an address."""

from __future__ import annotations

from sqlmodel import col, select

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.game.records import record_lines, record_of
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
    aliases = ("WHO IS", "INFO PLAYER", "INFOPLAYER")  # not WHO: prose begins so
    syntax = "WHOIS <address or part of one>"
    help = (
        "Mails back the registration of an address (its name, time zone and since\n"
        "when it is registered) and its player record (njudge's dedication, games\n"
        "joined, finished, resigned, abandoned and taken over, phases ordered on time,\n"
        f"late and missed); part of an address lists up to {MAX_MATCHES} matches.\n"
        "INFO PLAYER <address> (njudge) is the same."
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
            record = record_lines(record_of(ctx.session, account.id)) if account.id else []
            entry.extra.extend([*registration_lines(account), *record, ""])

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
