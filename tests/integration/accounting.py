"""The accounting of issue 9: what the judge acknowledged against what it adjudicated.

Every order mail carries one of two recognisable order sets for its power, neither of
which moves a unit (so any later phase of the game takes the same orders):

* ``hold``: every unit holds;
* ``other``: supports to hold, or moves that bounce off each other (``F Lon - Yor``,
  ``F Edi - Yor`` and ``A Lvp - Yor`` stand each other off).

A result line of a unit is read as ``hold`` (HOLD), ``none`` (No Order Processed) or
``other`` (SUPPORT, ->).  Units whose order is HOLD in both sets (``NEUTRAL``) are
left out of the comparison.

The rules checked (:func:`account`): the last reply, in the order the judge processed
the mails, that lists a power's orders for a phase names the set that phase's results
show for that power; a power never acknowledged shows ``none``; every stored mail is
answered exactly once; every phase is reported once; every player got each phase's
results once.
"""

from __future__ import annotations

import contextlib
import email
import re
import smtplib
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage

from games import OPENINGS
from sqlmodel import Session, col, select

from judge.store.mail import InboundMessage, OutboxMessage
from judge.store.models import REPORT_RESULTS, Game, GameReport

JUDGE = "judge@example.org"
DOMAIN = "players.example.com"
HOLD, OTHER, NONE = "hold", "other", "none"
VARIANTS = (HOLD, OTHER)

OTHER_ORDERS = {
    "austria": ["A Vie S A Bud", "A Bud S A Vie", "F Tri H"],
    "england": ["F Lon - Yor", "F Edi - Yor", "A Lvp - Yor"],
    "france": ["A Par - Gas", "A Mar - Gas", "F Bre - Gas"],
    "germany": ["A Ber S F Kie", "A Mun S A Ber", "F Kie S A Ber"],
    "italy": ["A Ven S A Rom", "A Rom S F Nap", "F Nap S A Rom"],
    "russia": ["A Mos - Lvn", "A War - Lvn", "F Stp/sc - Lvn", "F Sev H"],
    "turkey": ["A Con S F Ank", "F Ank S A Con", "A Smy S A Con"],
}
HOLD_ORDERS = {p: [" ".join(o.split()[:2]) + " H" for o in OPENINGS[p]] for p in OPENINGS}
# Units that hold in both sets: (reply spelling, report spelling).
NEUTRAL = {("F tri", "Fleet Trieste"), ("F sev", "Fleet Sevastopol")}


@dataclass(frozen=True)
class OrderMail:
    """One order mail: number ``n`` for ``power`` of ``game`` with order set ``variant``."""

    n: int
    game: str
    power: str
    variant: str

    @property
    def message_id(self) -> str:
        return f"<acct-{self.n}.{self.game}.{self.power}.{self.variant}@{DOMAIN}>"

    @property
    def address(self) -> str:
        return f"{self.power}.{self.game}@{DOMAIN}"

    def raw(self) -> bytes:
        """SIGNON (password as games.Seat2 / test_deadline_daemon.seat) and the orders."""
        orders = HOLD_ORDERS if self.variant == HOLD else OTHER_ORDERS
        msg = EmailMessage()
        msg["From"] = self.address
        msg["To"] = JUDGE
        msg["Subject"] = f"orders {self.n}"
        msg["Message-ID"] = self.message_id
        signon = f"SIGNON {self.power[0].upper()}{self.game} pw{self.power[:3]}"
        msg.set_content("\n".join([signon, *orders[self.power]]) + "\n")
        return msg.as_bytes(policy=policy.SMTP)


def parse_mail_id(message_id: str) -> OrderMail | None:
    """The order mail a Message-ID names (None for other mail)."""
    found = re.fullmatch(r"<acct-(\d+)\.(\w+)\.(\w+)\.(\w+)@[^>]+>", message_id.strip())
    if not found:
        return None
    n, game, power, variant = found.groups()
    return OrderMail(int(n), game, power, variant)


# --------------------------------------------------------------------------- sending


@dataclass
class MailSender:
    """Sending MTAs: ``clients`` SMTP connections that deliver queued mail and resend
    whatever was not answered 250 (the judge down, the connection cut)."""

    port: int
    clients: int = 4
    acked: set[int] = field(default_factory=set)
    resends: int = 0
    _queue: list[OrderMail] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> MailSender:
        self._threads = [
            threading.Thread(target=self._client, daemon=True) for _ in range(self.clients)
        ]
        for thread in self._threads:
            thread.start()
        return self

    def put(self, mails: Iterable[OrderMail]) -> None:
        with self._lock:
            self._queue.extend(mails)

    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(30)

    def _take(self) -> OrderMail | None:
        with self._lock:
            return self._queue.pop(0) if self._queue else None

    def _client(self) -> None:
        smtp: smtplib.SMTP | None = None
        while not self._stop.is_set():
            mail = self._take()
            if mail is None:
                time.sleep(0.02)
                continue
            try:
                if smtp is None:
                    smtp = smtplib.SMTP("127.0.0.1", self.port, timeout=10)
                smtp.sendmail(mail.address, [JUDGE], mail.raw())  # raises unless 250
                with self._lock:
                    self.acked.add(mail.n)
            except (OSError, smtplib.SMTPException):
                with self._lock:  # not acknowledged: send again later
                    self._queue.append(mail)
                    self.resends += 1
                if smtp is not None:
                    with contextlib.suppress(OSError):
                        smtp.close()
                smtp = None
                time.sleep(0.1)
        if smtp is not None:
            with contextlib.suppress(OSError, smtplib.SMTPException):
                smtp.quit()


# --------------------------------------------------------------------------- reading


def plain_text(raw: bytes) -> str:
    msg = email.message_from_bytes(raw, policy=policy.default)
    body = msg.get_body(("plain",))
    return body.get_content().replace("\r\n", "\n") if body is not None else ""


def _class_of_order(text: str) -> str:
    return HOLD if text.rstrip().endswith(" H") else OTHER


def _class_of_result(line: str) -> str:
    if "No Order Processed" in line:
        return NONE
    if line.rstrip(".").endswith("HOLD"):
        return HOLD
    return OTHER


def _summary(classes: Iterable[str]) -> str:
    found = sorted(set(classes))
    if len(found) == 1:
        return found[0]
    return "mixed(" + "+".join(found) + ")" if found else "absent"


_LISTING = re.compile(r"^Orders for (\w+) in game (\w+), (\w+):\n((?:  .*\n)*)", re.MULTILINE)


def reply_listing(text: str) -> tuple[str, str, str, str] | None:
    """(power, game, phase, set) from a reply's "Orders for ..." block, or None."""
    found = _LISTING.search(text)
    if not found:
        return None
    power, game, phase, block = found.groups()
    units = [line.strip() for line in block.splitlines() if line.strip()]
    neutral = {r for r, _ in NEUTRAL}
    kept = [u for u in units if " ".join(u.split()[:2]) not in neutral]
    return power.lower(), game, phase, _summary(_class_of_order(u) for u in kept)


def results_by_power(text: str) -> dict[str, str]:
    """Each power's set as a results report shows it."""
    neutral = {r for _, r in NEUTRAL}
    lines: dict[str, list[str]] = defaultdict(list)
    results = text.split("\nUnit positions:", 1)[0]  # not the position after the phase
    for line in results.splitlines():
        found = re.match(r"^(\w+):\s+((?:Army|Fleet) \w+(?: \w+)?)\b(.*)$", line)
        if not found or found.group(1).lower() not in OPENINGS:
            continue
        unit = found.group(2)
        if any(unit.startswith(n) for n in neutral):
            continue
        lines[found.group(1).lower()].append(line)
    return {p: _summary(_class_of_result(x) for x in lines.get(p, [])) for p in OPENINGS}


# --------------------------------------------------------------------------- accounting


@dataclass
class Accounts:
    """What the accounting found; ``violations`` is empty when the promise held."""

    violations: list[str] = field(default_factory=list)
    acknowledged: int = 0  # (game, power, phase) with a reply listing orders
    phases: int = 0  # results reports checked
    stored: int = 0

    def fail(self, text: str) -> None:
        self.violations.append(text)


@dataclass
class Ledger:
    """What the judge kept and sent: its database and the mail at the relay."""

    inbound: list[InboundMessage]  # in the order the judge processed them
    replies: dict[str, list[OutboxMessage]]  # by the Message-ID they answer
    games: dict[int, Game]
    reports: list[GameReport]  # results reports, oldest first
    relay_replies: dict[str, set[str]]  # Message-IDs at the relay, by In-Reply-To
    results_at_relay: Counter[tuple[str, str]]  # (recipient, subject): distinct mails

    @classmethod
    def read(cls, engine, relay_messages: list[tuple[str, list[str], bytes]]) -> Ledger:  # noqa: ANN001
        with Session(engine) as s:
            inbound = list(s.exec(select(InboundMessage).order_by(col(InboundMessage.id))))
            outbox = list(s.exec(select(OutboxMessage).order_by(col(OutboxMessage.id))))
            games = {g.id: g for g in s.exec(select(Game))}
            results = select(GameReport).where(GameReport.kind == REPORT_RESULTS)
            reports = list(s.exec(results.order_by(col(GameReport.id))))
        replies: dict[str, list[OutboxMessage]] = defaultdict(list)
        for row in outbox:
            irt = email.message_from_bytes(row.raw)["In-Reply-To"]
            if irt:
                replies[irt.strip()].append(row)
        relay_replies: dict[str, set[str]] = defaultdict(set)
        results_at_relay: Counter[tuple[str, str]] = Counter()
        seen: set[str] = set()
        for _, rcpts, raw in relay_messages:
            msg = email.message_from_bytes(raw, policy=policy.default)
            mid = str(msg["Message-ID"])
            if msg["In-Reply-To"]:
                relay_replies[str(msg["In-Reply-To"]).strip()].add(mid)
            subject = str(msg["Subject"])
            if subject.endswith(" Results") and mid not in seen:  # a resend keeps its id
                results_at_relay[(rcpts[0], subject)] += 1
            seen.add(mid)
        return cls(inbound, replies, games, reports, relay_replies, results_at_relay)

    def mids(self) -> list[str]:
        """The Message-IDs of the stored mails, in processing order."""
        return [r.message_key.removeprefix("mid:") for r in self.inbound]


def _check_stored(acc: Accounts, led: Ledger, acked: set[int]) -> None:
    """Acknowledged (250) = stored once; every stored mail processed."""
    stored = Counter(p.n for m in led.mids() if (p := parse_mail_id(m)))
    for n in sorted(acked):
        if stored[n] != 1:
            acc.fail(f"mail {n} was acknowledged with 250 but stored {stored[n]} times")
    for row in led.inbound:
        if row.status != "processed":
            acc.fail(f"stored mail {row.message_key} is {row.status}: {row.error}")


def _check_answered(acc: Accounts, led: Ledger) -> None:
    """Every stored mail answered exactly once, in the outbox and at the relay."""
    for mid in led.mids():
        if len(led.replies.get(mid, [])) != 1:
            acc.fail(f"{mid}: {len(led.replies.get(mid, []))} replies in the outbox (want 1)")
        if len(led.relay_replies.get(mid, ())) != 1:
            acc.fail(f"{mid}: {len(led.relay_replies.get(mid, ()))} distinct replies at the relay")


def _check_reported_once(acc: Accounts, led: Ledger) -> None:
    """Each phase reported once; each player got its results once."""
    per_phase = Counter((r.game_id, r.phase) for r in led.reports)
    for (game_id, phase), count in sorted(per_phase.items()):
        if count != 1:
            acc.fail(f"{led.games[game_id].name} {phase}: results reported {count} times")
    for game_id, phase, subject in sorted({(r.game_id, r.phase, r.subject) for r in led.reports}):
        game = led.games[game_id].name
        for power in OPENINGS:
            got = led.results_at_relay[(f"{power}.{game}@{DOMAIN}", subject)]
            if got != 1:
                acc.fail(f"{game} {phase}: {power} got the results {got} times at the relay")


def _acknowledged(acc: Accounts, led: Ledger) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(game, power, phase) -> (set, Message-ID) of the last reply listing orders."""
    last: dict[tuple[str, str, str], tuple[str, str]] = {}
    for mid in led.mids():
        sent = parse_mail_id(mid)
        if sent is None or len(led.replies.get(mid, [])) != 1:
            continue
        text = plain_text(led.replies[mid][0].raw)
        listing = reply_listing(text)
        if listing is None:
            continue
        power, game, phase, shown = listing
        # A reply that refused the mail's orders (read after its phase moved on) lists
        # the orders stored before it: those are what it acknowledges.
        accepted = "Accepted:" in text
        if (game, power) != (sent.game, sent.power) or (accepted and shown != sent.variant):
            acc.fail(f"{mid}: the reply lists {game} {power} {phase} as {shown}")
        last[(game, power, phase)] = (shown, mid)
    return last


def _check_adjudicated(acc: Accounts, led: Ledger) -> None:
    """Each phase's results show, for every power, the set last acknowledged (or none)."""
    last = _acknowledged(acc, led)
    acc.acknowledged = len(last)
    reported: set[tuple[str, str]] = set()
    for r in led.reports:
        game = led.games[r.game_id].name
        if (game, r.phase) in reported:
            continue
        reported.add((game, r.phase))
        acc.phases += 1
        shown = results_by_power(r.text)
        for power in OPENINGS:
            want, mid = last.get((game, power, r.phase), (NONE, "no acknowledged mail"))
            if shown[power] != want:
                acc.fail(
                    f"{game} {power} {r.phase}: acknowledged {want} ({mid}), "
                    f"adjudicated {shown[power]}"
                )
    current = {g.name: g.phase for g in led.games.values()}
    for (game, power, phase), (want, mid) in sorted(last.items()):
        if (game, phase) not in reported and current.get(game) != phase:
            acc.fail(
                f"{game} {power} {phase}: acknowledged {want} ({mid}) for a phase that "
                f"was never reported (the game is in {current.get(game)})"
            )


def account(
    engine, relay_messages: list[tuple[str, list[str], bytes]], acked: set[int]
) -> Accounts:  # noqa: ANN001, E501
    """Check the whole promise on the database and what reached the relay; ``acked``
    are the numbers of the order mails the judge answered 250."""
    led = Ledger.read(engine, relay_messages)
    acc = Accounts(stored=len(led.inbound))
    _check_stored(acc, led, acked)
    _check_answered(acc, led)
    _check_reported_once(acc, led)
    _check_adjudicated(acc, led)
    return acc


def describe(acc: Accounts, limit: int = 40) -> str:
    """The violations, numbered, for a failure message."""
    head = (
        f"{len(acc.violations)} violations ({acc.stored} mails stored, {acc.acknowledged} "
        f"power-phases acknowledged, {acc.phases} phases reported):"
    )
    lines = [f"  {v}" for v in acc.violations[:limit]]
    if len(acc.violations) > limit:
        lines.append(f"  ... and {len(acc.violations) - limit} more")
    return "\n".join([head, *lines])


def assert_answered_once(engine, message_ids: Iterable[str]) -> None:  # noqa: ANN001
    """Every one of these mails (Message-IDs with their brackets) is stored once and
    processed, and the outbox holds exactly one reply to each, and nothing else."""
    ids = list(message_ids)
    with Session(engine) as s:
        inbound = list(s.exec(select(InboundMessage)))
        outbox = list(s.exec(select(OutboxMessage)))
    assert sorted(r.message_key for r in inbound) == sorted(f"mid:{m}" for m in ids)
    assert all(r.status == "processed" for r in inbound)
    replied_to = Counter(email.message_from_bytes(r.raw)["In-Reply-To"] for r in outbox)
    assert replied_to == Counter({m: 1 for m in ids})
