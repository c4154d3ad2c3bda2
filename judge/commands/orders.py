"""Orders: the lines after a SIGNON that are not commands."""

from __future__ import annotations

from typing import Any

from judge.commands.base import Command, Context, Statement
from judge.commands.paired import named_owner
from judge.commands.phase import (
    UNREAD_PHASE,
    moved_on_since,
    processed_meanwhile,
    same_phase,
    write_current,
)
from judge.commands.registry import register
from judge.commands.reply import OrderReport
from judge.commands.transcript import INFO, NOTICE, OK, REFUSED, Outcome
from judge.game.games import (
    current_order_texts,
    game_powers,
    phase_label,
    power_name,
    power_order_keys,
    shown_phase,
    store_order,
)
from judge.orders.keys import OrderKey
from judge.rules.registry import ruleset_for_game
from judge.store.models import FINISHED, FORMING, PLAYING, Game


def game_over(game: Game) -> str:
    """Why a finished game takes no orders: it is over, since the phase it ended in."""
    label = ruleset_for_game(game).turn_label(shown_phase(game))
    return f"game {game.name} is over: it ended in {label} and takes no more orders"


def order_refusal(ctx: Context) -> str | None:
    """Why no orders can be taken now for the signed-on power, or None."""
    game = ctx.game
    assert game is not None
    if game.status == FINISHED:
        return game_over(game)
    if game.status == FORMING:
        return f"game {game.name} has not started yet: it takes no orders"
    if ctx.player is not None and ctx.player.status != PLAYING and not ctx.became:
        powers = " and ".join(power_name(game, seat.power) for seat in ctx.seats)
        return f"you no longer play {powers} in game {game.name}"
    if ctx.order_phase == UNREAD_PHASE:
        now = phase_label(game, game.phase)
        return (
            f"the PHASE line above names no phase, so these orders may not be meant for "
            f"{now}: none is taken ({write_current(game)})"
        )
    if ctx.order_phase is not None and not same_phase(ctx.order_phase, game.phase):
        meant, now = phase_label(game, ctx.order_phase), phase_label(game, game.phase)
        return (
            f"these orders are for {meant}, but game {game.name} is in {now} "
            f"({write_current(game)})"
        )
    return moved_on_since(ctx, game)


@register
class Orders(Command):
    """Order lines for the signed-on power (not typed with a keyword); a player
    holding two powers orders for both, each order going to the power whose unit
    it names."""

    rank = 30

    keyword = ""
    syntax = "<order>[, <order>...]   e.g. A Par - Bur, F Bre - MAO"
    help = (
        "After SIGNON, every line that is not a command holds orders for your\n"
        "power; several orders on one line are separated by , or ;. The last valid\n"
        "order for a unit wins. Orders count for the game's current phase only.\n"
        "Write them as you like: njudge's A Par-Bur, full names (Army Paris to\n"
        "Burgundy), a numbered or dashed list (1. A Par-Bur, - A Par-Bur); each\n"
        "line the judge cannot read is refused with its reason."
    )
    needs_signon = True

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None and ctx.player is not None
        first = not ctx.orders_attempted
        ctx.orders_attempted = True
        reason = order_refusal(ctx)
        if reason is not None:
            ctx.transcript.refused(stmt.text, reason)
            return
        # The position's version (the orders are checked on it) and the position, parsed
        # once per version and read only.
        version = ctx.game.position_version
        position = ctx.game.position_view()
        powers = [seat.power for seat in ctx.seats]
        other = _other_power_label(ctx, stmt.text, powers)
        if other is not None:
            ctx.transcript.refused(stmt.text, other)
            return
        text = _without_power_label(stmt.text, {n for p in powers for n in _names(ctx, p)})
        # One reading per power the player holds (one, except in a paired game).
        readings = [ctx.order_rules.check(position, power, [text]) for power in powers]
        if not readings[0]:
            return
        entry = ctx.transcript.line(stmt.text)
        late = processed_meanwhile(ctx, ctx.game) if first else None
        if late is not None:
            entry.outcomes.append(Outcome(NOTICE, late))
        for checks in zip(*readings, strict=True):
            entry.outcomes.extend(_take(ctx, position, version, powers, checks))


def _names(ctx: Context, power: str) -> set[str]:
    """How a player may label the orders of one of their powers: its name and code."""
    assert ctx.game is not None
    return {power_name(ctx.game, power).lower(), power.lower()}


def _other_power_label(ctx: Context, text: str, powers: list[str]) -> str | None:
    """Why a line labelled with another power's name (``Germany: A Mun - Ruh``, from
    France) is not taken, or None: its orders are not the signed-on player's."""
    assert ctx.game is not None
    label = _label(text)[0]
    if label is None:
        return None
    named = [p for p in game_powers(ctx.game) if label in (p.name.lower(), p.code.lower())]
    if not named or named[0].code in powers:
        return None
    mine = " and ".join(power_name(ctx.game, power) for power in powers)
    return (
        f"these orders are labelled {named[0].name}, but you signed on as {mine}: "
        f"orders for {named[0].name} need its own SIGNON, in a mail of their own"
    )


def _without_power_label(text: str, names: set[str]) -> str:
    """An order line without the name of one of the player's own powers and a colon
    before it (``France: A Par - Bur``, ``France 1: A Par1 - Bur1``), as players
    label their orders; a line labelled otherwise is read as written."""
    label, rest = _label(text)
    return rest if label is not None and label in names else text


def _label(text: str) -> tuple[str | None, str]:
    """The label before a colon of an order line, in lower case, and the orders after
    it (``France: A Par - Bur``); (None, the line) when it has none."""
    head, colon, rest = text.partition(":")
    if not colon or not rest.strip():
        return None, text
    return " ".join(head.lower().split()), rest.strip()


def _take(
    ctx: Context,
    position: dict[str, Any],
    version: int,
    powers: list[str],
    checks: tuple[Any, ...],
) -> list[Outcome]:
    """Store the first reading of one order that a power of the player can give (the
    power whose unit it names), saying which order of this mail it replaced, or say
    why none can.  The order keeps the ``version`` of the position its check read,
    when the game's ruleset checked it (not a test's stand-in)."""
    assert ctx.game is not None
    refusals: dict[str, str] = {}
    notes: dict[str, str] = {}
    for power, check in zip(powers, checks, strict=True):
        if not check.ok:
            refusals[power] = check.message or f"{check.text}: not understood"
            continue
        key = OrderKey.of(check.order)
        if key.is_waive and ctx.ruleset.builds_unusable(position, power):
            name = power_name(ctx.game, power)
            notes[power] = refusals[power] = f"{check.text}: {NOTHING_TO_WAIVE.format(name)}"
            continue
        key, refusal = _adjustment_key(ctx, position, key, power)
        refusal = refusal or _refusal_after(ctx, position, power, key, check.canonical)
        if refusal is not None:
            refusals[power] = f"{check.text}: {refusal}"
            continue
        if key.is_waive:
            ctx.waives[power] = ctx.waives.get(power, 0) + 1
        ctx.stored_keys.add(key)
        store_order(
            ctx.session,
            ctx.game,
            power,
            check,
            account_id=ctx.account.id if ctx.account else None,
            from_address=ctx.sender,
            now=ctx.now,
            key=key,
            checked_on=version if ctx.rules is None else None,
        )
        written = ctx.order_rules.written(position, check.canonical)
        accepted = f"Accepted: {written}"
        if len(powers) > 1:
            accepted += f" ({power_name(ctx.game, power)})"
        return [Outcome(OK, accepted), *_replaced(ctx, power, key, written)]
    owner = named_owner(position, checks[0].text, powers) if len(powers) > 1 else None
    owner = owner or powers[0]
    return [Outcome(INFO if owner in notes else REFUSED, refusals[owner])]


def _replaced(ctx: Context, power: str, key: OrderKey, written: str) -> list[Outcome]:
    """A notice when the order replaces another for the same unit (or build site)
    given earlier in this mail (``A Par H A Mar`` below ``A Mar - Spa``), remembering
    this one."""
    earlier = ctx.given.get((power, key))
    ctx.given[(power, key)] = written
    if earlier is None or earlier == written:
        return []
    what = "build site" if key.is_build else "unit"
    return [Outcome(NOTICE, f"this replaces {earlier}, {REPLACED_IN_MAIL.format(what)}")]


def _refusal_after(
    ctx: Context, position: dict[str, Any], power: str, key: OrderKey, canonical: str
) -> str | None:
    """Why the order fails after the power's other current orders (those it does not
    replace), as the rules count them (Outer Space's room in a spacecraft), or None."""
    game = ctx.game
    assert game is not None

    def earlier() -> list[str]:
        stored = current_order_texts(ctx.session, game.id, game.phase, power)
        return [text for other, text in stored.items() if other != key]

    return ctx.ruleset.refusal_after(position, power, earlier, canonical)


def _adjustment_key(
    ctx: Context, position: dict[str, Any], key: OrderKey, power: str
) -> tuple[OrderKey, str | None]:
    """The key to store an accepted order under (a mail's waives are numbered 1, 2,
    ...: a later mail's waives replace these one for one; its orders for
    interchangeable units take their slots in turn), or why it will not count (a
    waive without builds, a unit beyond those there, or a build, waive or removal
    beyond those owed, counting the orders stored for the phase)."""
    assert ctx.game is not None
    slots = ctx.ruleset.slots(position, key)
    if slots is None:
        return _counted_key(ctx, position, key, power)
    taken = ctx.off_map.get(slots.group, 0)
    if taken >= len(slots.keys):
        return key, slots.full
    key, refusal = _counted_key(ctx, position, slots.keys[taken], power)
    if refusal is None:  # a refused order leaves its unit to the next one
        ctx.off_map[slots.group] = taken + 1
    return key, refusal


def _counted_key(
    ctx: Context, position: dict[str, Any], key: OrderKey, power: str
) -> tuple[OrderKey, str | None]:
    """The key of a waive numbered in the mail, or why the order will not count."""
    assert ctx.game is not None
    rules = ctx.ruleset
    if key.is_waive:
        owed = rules.owed(position).get(power, [])
        if not any(item.key == "build" for item in owed):
            return key, NO_BUILD_TO_WAIVE
        key = key.numbered(ctx.waives.get(power, 0) + 1)
    group = rules.allowance_group(position, key)
    if group is None:
        return key, None
    keys = power_order_keys(ctx.session, ctx.game.id, ctx.game.phase, power)
    name = power_name(ctx.game, power)
    refusal = rules.beyond_allowance(position, power, keys, key, name)
    earlier = [k for k in keys if k not in ctx.stored_keys and k != key]
    if refusal and any(rules.allowance_group(position, k) == group for k in earlier):
        refusal += EARLIER_MAIL
    return key, refusal


# No build is owed by count (a build owed by count with nowhere to make it is
# NOTHING_TO_WAIVE): njudge refuses such a waive too ("not permitted to build").
NO_BUILD_TO_WAIVE = "you have no build to waive: you have no more supply centres than units"
# A waive of builds the power cannot make (nowhere to build): read, and nothing done.
NOTHING_TO_WAIVE = (
    "nothing to waive: {} has nowhere to build now (no free centre it may build in), and"
    " a build that cannot be made is waived without an order"
)
EARLIER_MAIL = (
    " (orders of an earlier mail count first: CLEAR withdraws them, to give others instead)"
)
# An order that replaced another of the same mail (the last order for a unit wins).
REPLACED_IN_MAIL = "given earlier in this mail for the same {} (the last order for a unit wins)"


def seat_report(ctx: Context, game: Game, power: str, refused: str | None) -> OrderReport:
    """A power's orders for the game's current phase (none shown when ``refused``
    says why it takes none)."""
    assert game.id is not None
    report = OrderReport(game.name, game.phase, power_name(game, power))
    report.phase_label = ruleset_for_game(game).turn_label(shown_phase(game))
    orders = current_order_texts(ctx.session, game.id, game.phase, power)
    doc = game.position_view()
    reader = ctx.order_rules
    report.orders = [reader.written(doc, orders[key]) for key in sorted(orders)]
    report.refused_reason = refused
    if refused is None:
        report.unordered = reader.unordered(doc, power, set(orders))
    return report
