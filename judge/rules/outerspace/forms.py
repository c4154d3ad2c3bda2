"""How players write Outer Space's own orders (D6-D14), for HELP and the start
mail: the spacecraft's armies beam down, hold in orbit or beam up, and armies
colonize.  The words are those :mod:`judge.rules.outerspace.syntax` reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.orders.forms import OrderForm, place
from judge.rules.outerspace.space import is_orbit
from judge.variant.data import Variant

Units = Sequence[Mapping[str, Any]]


def _in_orbit(units: Units) -> bool:
    return any(is_orbit(str(u["province"])) for u in units)


def _landed(units: Units) -> Mapping[str, Any] | None:
    return next((u for u in units if not is_orbit(str(u["province"]))), None)


def _beam_down(variant: Variant, units: Units, power: str) -> str | None:
    if not _in_orbit(units):
        return None
    land = sorted(c for c in variant.supply_centers if not variant.is_sea(c))
    return f"A ORB - {place('par' if 'par' in land else land[0])}" if land else None


def _orbit_hold(variant: Variant, units: Units, power: str) -> str | None:
    return "A ORB H" if _in_orbit(units) else None


def _beam_up(variant: Variant, units: Units, power: str) -> str | None:
    unit = _landed(units)
    return f"A {place(str(unit['province']))} - ORB" if unit and unit["type"] == "A" else None


def _colonize(variant: Variant, units: Units, power: str) -> str | None:
    unit = _landed(units)
    return f"{unit['type']} {place(str(unit['province']))} COL" if unit else None


SPACE_FORMS = (
    OrderForm(
        "beam down",
        "A ORB - <province>",
        "An army of your spacecraft (ORB, also Orbit) beams down to any land province, "
        "with an army's ordinary strength; it may be supported, and if it fails it "
        "stays in orbit. Nobody beams down into another empire's colony. Each A ORB "
        "order takes the next army of the spacecraft not yet ordered.",
        "A ORB - Par",
        ("orb", "orbit", "beam", "beam-down", "spacecraft"),
        _beam_down,
    ),
    OrderForm(
        "orbit hold",
        "A ORB H",
        "An army of your spacecraft stays in orbit (armies without an order hold).",
        "A ORB H",
        ("orb hold",),
        _orbit_hold,
    ),
    OrderForm(
        "beam up",
        "A <province> - ORB",
        "An army on the map returns to your spacecraft, which holds three armies at most.",
        "A Par - ORB",
        ("beam-up",),
        _beam_up,
    ),
    OrderForm(
        "colonize",
        "<unit> <province> COL [<province>]",
        "The unit colonizes its own province, or one it could move to; you build only "
        "in centres that are your colonies. Also written Colonize, Colonise, "
        "Colony, Brainwash, Assimilate.",
        "A Par COL   or   A Bur COL Par",
        ("col", "colonise", "colony", "colonies", "brainwash", "assimilate"),
        _colonize,
    ),
    OrderForm(
        "beam-down support",
        "<unit> <province> S A ORB[(<empire>)] - <province>",
        "A unit that could move to the province supports a beam-down into it: your "
        "own spacecraft's (A ORB) or another empire's (A ORB(Alpha)).",
        "A Bur S A ORB - Par",
        ("orb support",),
    ),
)


# The standard forms whose rules Outer Space changes (D18, D21, D22), reworded.
_REWORDED = {
    "retreat": {
        "form": "<unit> <province> R <province>   or   A <province> R ORB",
        "text": "In a retreat phase a dislodged army retreats into its spacecraft (if it "
        "has room) or to a free neighbouring province that is your colony; a fleet to a "
        "sea or a colony's coast; or the unit is disbanded: <unit> <province> D.",
        "example": "A Par R ORB",
        "sample": None,
    },
    "build": {
        "form": "Build <unit> <centre>",
        "text": "In a winter adjustment phase, a new unit on a supply centre you own, "
        "have colonized and that is free (empires have no home centres; nothing is "
        "built in orbit).",
    },
    "remove": {
        "form": "Remove <unit> <province>   or   Remove A ORB",
        "text": "In a winter adjustment phase, a unit taken off when you have more units "
        "than centres (also 'Disband'); Remove A ORB takes an army from your spacecraft.",
    },
}


def space_wording(form: OrderForm) -> OrderForm:
    """A standard form as Outer Space's rules have it (the same form otherwise)."""
    changes = _REWORDED.get(form.name)
    return form if changes is None else replace(form, **changes)
