"""REGISTER: create or update the account of the sending address."""

from __future__ import annotations

from sqlmodel import select

from judge.clock.zone_names import read_zone
from judge.commands.base import HIDDEN, Command, Context, Statement
from judge.commands.password_guard import address_counter, count_failure, locked_reason
from judge.commands.registry import register
from judge.commands.transcript import OK, REFUSED, Entry, Outcome
from judge.store.limits import REGISTRATIONS, count, reached, retry_after
from judge.store.models import Account
from judge.store.passwords import hash_password, password_problem, verify_password

_FIELDS = {
    "name": "name",
    "timezone": "zone",
    "zone": "zone",
    "tz": "zone",
    "password": "password",
    "newpassword": "new_password",
}
_SECRET = {"password", "new_password"}
# njudge's registration form (data/form): fields this judge takes and does not use.
NJUDGE_FIELDS = (
    "phone", "site", "address", "country", "email", "e-mail", "level", "birthdate", "sex",
    "package",
)  # fmt: skip


def read_fields(lines: list[str]) -> tuple[dict[str, str], list[str], list[str]]:
    """The ``Field: value`` lines of a REGISTER block, the labels of the fields taken
    and not used (njudge's Phone, Site ... and keywords of the player's own, as
    njudge's form invites), and the lines not understood (no colon, or a label like
    a password's, which might be a misspelt Password line)."""
    fields: dict[str, str] = {}
    unused: list[str] = []
    bad: list[str] = []
    for line in lines:
        if not line.strip() or line.strip().startswith("//"):
            continue
        label, sep, value = line.partition(":")
        squashed = "".join(label.split()).lower()
        key = _FIELDS.get(squashed)
        if sep and key is not None:
            fields[key] = value.strip()
        elif sep and squashed and not any(w in squashed for w in ("pas", "pw", "secret")):
            unused.append(label.strip())
        else:
            bad.append(line.strip())
    return fields, unused, bad


def zone_problem(zone: str) -> str | None:
    """Why ``zone`` is not a time zone name, or None."""
    if read_zone(zone) is None:
        return f"unknown time zone {zone!r} (use a name such as Europe/Paris, Eastern or UTC)"
    return None


@register
class Register(Command):
    """Register the sending address, or update its registration."""

    rank = 10

    keyword = "REGISTER"
    syntax = "REGISTER  Name: <name>  Timezone: <zone>  [Password: <password>]  END"
    help = (
        "Registers the address you write from. Put one field per line after\n"
        "REGISTER and close with END:\n"
        "  Name: Ada Lovelace\n"
        "  Timezone: Europe/London      (optional, default UTC; Eastern, CET ... too)\n"
        "  Password: <account password> (optional)\n"
        "  New password: <new one>      (optional, to change it)\n"
        "To update a registration, send it again with your account password, if you\n"
        "gave one. njudge's form is taken as it is: its other fields (Phone, Site,\n"
        "Email, Level ...) and fields of your own are read and not used."
    )
    block_ends = ("END", "END REGISTER", "ENDREGISTER")

    def echo(self, stmt: Statement) -> str:
        return stmt.text

    def run(self, ctx: Context, stmt: Statement) -> None:
        lines = list(stmt.block)
        if stmt.args.strip():
            lines.insert(0, stmt.args)
        fields, unused, bad = read_fields(lines)
        shown = [f"{self._label(k)}: {HIDDEN if k in _SECRET else v}" for k, v in fields.items()]
        entry = ctx.transcript.line(stmt.text)
        entry.extra.extend(shown)
        if unused:
            entry.extra.append(f"(not used by this judge, ignored: {', '.join(unused)})")
        for line in bad:
            entry.outcomes.append(Outcome(REFUSED, f"not a registration field: {_shown(line)}"))
        problem = self._problem(ctx, fields)
        if problem is not None or bad:
            entry.outcomes.append(Outcome(REFUSED, (problem or "registration not changed") + "."))
            return
        self._apply(ctx, fields, entry)

    @staticmethod
    def _label(key: str) -> str:
        return {"zone": "Timezone", "new_password": "New password"}.get(key, key.title())

    def _problem(self, ctx: Context, fields: dict[str, str]) -> str | None:
        account = (
            ctx.account
            or ctx.session.exec(select(Account).where(Account.address == ctx.sender)).first()
        )
        ctx.account = account
        if "zone" in fields and (problem := zone_problem(fields["zone"])):
            return problem
        if "new_password" in fields and (problem := password_problem(fields["new_password"])):
            return problem
        if account is None:
            limit = ctx.limits.registrations_per_hour
            if reached(ctx.session, REGISTRATIONS, ctx.now, limit):
                retry = retry_after(ctx.now)
                return (
                    f"this judge takes at most {limit} new registrations an hour and has had "
                    f"them: try again after {retry}"
                )
            if not fields.get("name"):
                return "a first registration needs a Name line"
            # njudge's form has no password (its passwords belong to games): one is
            # optional here, and guards later changes of the registration once given.
            return password_problem(fields["password"]) if "password" in fields else None
        if account.password_hash:
            locked = locked_reason(ctx, [address_counter(ctx)])
            if locked is not None:
                return locked
            if not verify_password(account.password_hash, fields.get("password", "")):
                count_failure(ctx, [address_counter(ctx)])
                return "to change a registration, give your account password (Password: line)"
        return None

    def _apply(self, ctx: Context, fields: dict[str, str], entry: Entry) -> None:
        account = ctx.account
        new = account is None
        if account is None:
            account = Account(address=ctx.sender)
            count(ctx.session, REGISTRATIONS, ctx.now)
        if fields.get("name"):
            account.name = fields["name"][:200]
        if "zone" in fields:
            account.time_zone = read_zone(fields["zone"]) or "UTC"
        secret = fields.get("new_password") or (fields.get("password") if new else None)
        if secret is None and not account.password_hash and fields.get("password"):
            secret = fields["password"]
        if secret:
            account.password_hash = hash_password(secret)
        ctx.session.add(account)
        ctx.session.flush()
        ctx.account = account
        verb = "Registered" if new else "Registration updated for"
        entry.outcomes.append(
            Outcome(OK, f"{verb} {account.address}: {account.name}, time zone {account.time_zone}.")
        )


def _shown(line: str) -> str:
    """A line of the form that is no field, as a refusal names it: only the label of a
    ``Label: value`` line, and no line of one word (either might hold a password)."""
    label, sep, _ = line.partition(":")
    if sep:
        return f"{label.strip()!r}"
    if len(line.split()) > 1:  # a password has no spaces
        return f"{line.strip()!r} (write each field as 'Field: value', or leave the line out)"
    return "a line of one word without 'Field: value' (not shown: it might be a password)"
