"""What a Colonial results report adds on its special rules where they acted
(issue 26): why China's Hong Kong does not count, where a blocked train stopped
and what blocked it, and why a canal move was void.  Read from the processed
step alone (the orders' results and the units before and after): pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from judge.rules.base import Step


class Rules(NamedTuple):
    """What the notes read of :mod:`judge.rules.colonial`, handed over by its
    ruleset (so that this module does not import it back)."""

    data: Any  # its SpecialRules
    owners: Callable[[Mapping[str, Any]], dict[str, str]]  # centre -> owner of a document
    counted: Callable[[Mapping[str, str]], dict[str, str]]  # the centres that count
    route: Callable[[str, str], tuple[str, ...]]  # the stations a train passes


def report_notes(step: Step, variant: Any, rules: Rules) -> list[str]:
    """The notes, one paragraph each, in the order the rules come."""
    return [
        *_hong_kong(step, variant, rules),
        *_trains(step, variant, rules),
        *_canal(step, variant, rules),
    ]


def _hong_kong(step: Step, variant: Any, rules: Rules) -> list[str]:
    owners = rules.owners(step.answer)
    counted = rules.counted(owners)
    held = {owner: sum(1 for o in owners.values() if o == owner) for owner in owners.values()}
    return [
        f"{_power(variant, owner)} owns {held[owner]} supply centres, of which "
        f"{held[owner] - 1} count: {variant.location_name(centre)} counts for no power "
        f"while {_power(variant, owner)} holds it (Hong Kong rule)."
        for centre, owner in sorted(owners.items())
        if centre not in counted
    ]


def _trains(step: Step, variant: Any, facts: Rules) -> list[str]:
    rules = facts.data
    before = _where(step.before.get("units") or [])
    after = _where(step.answer.get("units") or [])
    notes = []
    for order, words in [*_results(step, "blocked"), *_results(step, "bounced")]:
        if len(words) != 6 or words[2:5] != ["-", "TSR", "-"]:  # A mos - TSR - vla
            continue
        src, dest = words[1].lower(), words[5].lower()
        if src not in rules.rail_stations or dest not in rules.rail_stations:
            continue
        route = (src, *facts.route(src, dest))
        stop = _stop(step, route, order, before, after, rules.rail_power)
        name = variant.location_name
        if order.get("reason") == "bounced":
            if stop == src:  # an ordinary bounce: the train stayed
                continue
            notes.append(
                f"The {_power(variant, rules.rail_power, True)} train from {name(src)} to "
                f"{name(dest)} could not enter {name(dest)} and stopped at {name(stop)} "
                "(Trans-Siberian Railroad)."
            )
            continue
        block = next(
            (s for s in route[route.index(stop) + 1 :] if _foreign(s, before, after, rules)), None
        )
        where = "stayed in" if stop == src else "stopped at"
        why = f": a unit of another power blocked the line at {name(block)}" if block else ""
        notes.append(
            f"The {_power(variant, rules.rail_power, True)} train from "
            f"{name(src)} to {name(dest)} was blocked and "
            f"{where} {name(stop)}{why} (Trans-Siberian Railroad)."
        )
    return notes


def _stop(
    step: Step,
    route: Sequence[str],
    train: Mapping[str, Any],
    before: Mapping[str, str],
    after: Mapping[str, str],
    power: str,
) -> str:
    """Where a train that failed stands (TSR-6): the station on its way nearest its
    destination that holds a unit of its power after the turn, one that neither
    stayed there nor was entered by another order (a train stops only where no
    other unit tried to enter); else its origin."""
    others = [o.get("data") or {} for o in step.answer.get("orders") or [] if o is not train]
    moved = {  # the units that left: a hold that succeeds stays
        str(o.get("data", {}).get("unit", "")).split("/")[0]
        for o in step.answer.get("orders") or []
        if o.get("result") == "succeeds" and "move" in (o.get("data") or {}).get("kind", "")
    }
    entered = {str(d.get("dest", "")).split("/")[0] for d in others if "move" in d.get("kind", "")}
    for station in reversed(route[1:-1]):
        stayed = before.get(station) == power and station not in moved
        if after.get(station) == power and not stayed and station not in entered:
            return station
    return route[0]


def _canal(step: Step, variant: Any, facts: Rules) -> list[str]:
    seas = set(facts.data.canal_seas)
    name = variant.location_name
    gate = name(facts.data.canal_gate)
    return [
        f"Fleet {name(words[1].lower())} -> {name(words[3].lower())} was void: a fleet "
        f"passes the Suez Canal only with the permission of the unit in {gate}, given as "
        "a support of that move, and none was given; the fleet held (Suez Canal)."
        for _, words in _results(step, "void")
        if len(words) == 4 and {words[1].lower(), words[3].lower()} == seas
    ]


def _results(step: Step, reason: str) -> list[tuple[Mapping[str, Any], list[str]]]:
    """The orders that failed for ``reason``, each with the words of its canonical
    form (``A mos - TSR - vla``)."""
    return [
        (o, str(o.get("order") or "").split())
        for o in step.answer.get("orders") or []
        if o.get("reason") == reason
    ]


def _where(units: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    return {str(u["province"]).split("/")[0]: str(u["power"]) for u in units}


def _foreign(station: str, before: Mapping[str, str], after: Mapping[str, str], rules) -> bool:
    return any(units.get(station) not in (None, rules.rail_power) for units in (before, after))


def _power(variant: Any, code: str, adjective: bool = False) -> str:
    power = getattr(variant, "powers", {}).get(code)
    if power is None:
        return code.title()
    return f"{power.adjective}" if adjective else power.name
