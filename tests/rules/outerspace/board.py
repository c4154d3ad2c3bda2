"""Writing Outer Space positions for tests briefly, and reading answers."""

from __future__ import annotations

from typing import Any

from judge.rules.registry import adjudicate

EMPIRES = ("alpha", "beta", "gamma")


def position(
    units: str = "",
    *,
    phase: str = "S1901M",
    powers: tuple[str, ...] = EMPIRES,
    centres: dict[str, list[str]] | None = None,
    colonies: dict[str, list[str]] | None = None,
    dislodged: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A document: ``units`` is ``"alpha A orb, alpha A orb, beta F bre"``."""
    entries = []
    for text in filter(None, (part.strip() for part in units.split(","))):
        power, kind, where = text.split()
        entries.append({"power": power, "type": kind, "province": where})
    doc: dict[str, Any] = {
        "variant": "outerspace",
        "phase": phase,
        "powers": list(powers),
        "units": entries,
        "supply_centers": centres or {},
        "colonies": colonies or {},
    }
    if dislodged is not None:
        doc["dislodged"] = dislodged
    return doc


def judge(doc: dict[str, Any], **orders: list[str]) -> dict[str, Any]:
    """The answer of ``judge adjudicate`` for ``doc`` with ``orders`` per empire."""
    return adjudicate({**doc, "orders": orders})


def result(answer: dict[str, Any], text: str, power: str = "") -> tuple[str, str | None]:
    """The result and reason of the order written ``text`` (by ``power``, if given)."""
    found = [
        o for o in answer["orders"] if o["text"] == text and (not power or o["power"] == power)
    ]
    assert len(found) == 1, f"{text!r} given {len(found)} times"
    return found[0]["result"], found[0]["reason"]


def units_of(answer: dict[str, Any]) -> list[str]:
    """The units after the phase, written ``alpha A par``."""
    return sorted(f"{u['power']} {u['type']} {u['province']}" for u in answer["units"])


def dislodged_of(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The dislodged units by province."""
    return {d["province"]: d for d in answer["dislodged"]}
