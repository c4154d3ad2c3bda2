"""The position after a phase, as results mails end with it: each power's units
(with coasts), the dislodged units with their retreats, and who owns each supply
centre (the classic judges' "Unit positions" and "Supply centre ownership").

A standard game has one board, written in words (``Army St Petersburg (north
coast)``).  A multiverse game has one such block per board shown, headed by the
board's ``timeline:turn`` and written in the notation players order with
(``A 2:stp/nc:F1901``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from judge.engine.boards import BoardKey
from judge.engine.phase import Phase, Turn
from judge.reports.names import Names, powers_in_order
from judge.reports.phases import phase_phrase, phase_season

Unit = Mapping[str, Any]

# A variant's own label of a unit, shown after its ordinary wording (Root Z's
# ``1FA(Par)``); None when the variant has none.
UnitLabel = Callable[[Unit], str] | None


def _labelled(text: str, unit: Unit, label: UnitLabel) -> str:
    """``Army Paris 1 [1FA(Par)]`` with a label, else the wording unchanged."""
    return f"{text} [{label(unit)}]" if label else text


def _or_list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _rows(
    names: Names, by_power: Mapping[str, list[str]], everyone: Iterable[str]
) -> list[dict[str, Any]]:
    """One row per power that has entries, labels padded to one column."""
    order = powers_in_order(names.variant, everyone)
    width = max((len(names.power(p)) + 1 for p in order), default=0)
    return [
        {
            "name": names.power(p),
            "label": f"{names.power(p) + ':':<{width}}",
            "entries": by_power[p],
        }
        for p in order
        if by_power.get(p)
    ]


def board_position(
    title: str,
    units: Iterable[Unit],
    dislodged: Iterable[Unit],
    centres: Mapping[str, Iterable[str]],
    names: Names,
    *,
    write_unit: Callable[[str, str], str],
    write_place: Callable[[str], str],
    unit_label: UnitLabel = None,
) -> dict[str, Any]:
    """The model of one board's position block.

    ``write_unit(type, location)`` and ``write_place(location)`` choose the
    notation: words for a standard game, ``timeline:location:turn`` for a board of
    a multiverse game; ``unit_label``, when given, adds the variant's own label of
    each unit in brackets.  Dislodged units without a retreat are left out (they
    are destroyed).
    """
    mine: dict[str, list[str]] = {}
    for u in units:
        text = write_unit(u["type"], u["province"])
        mine.setdefault(u["power"], []).append(_labelled(text, u, unit_label))
    away: dict[str, list[str]] = {}
    for d in dislodged:
        options = [write_place(o) for o in d.get("retreat_options") or []]
        if not options:
            continue
        away.setdefault(d["power"], []).append(
            f"{_labelled(write_unit(d['type'], d['province']), d, unit_label)} "
            f"can retreat to {_or_list(options)}"
        )
    owned = {p: sorted(names.place(c) for c in cs) for p, cs in centres.items() if cs}
    taken = {names.province(c) for cs in centres.values() for c in cs}
    unowned = sorted(
        names.place(c) for c in names.variant.supply_centers if names.province(c) not in taken
    )
    everyone = [*mine, *away, *owned]
    centre_rows = _rows(names, owned, everyone)
    for row in centre_rows:
        row["count"] = len(row["entries"])
    width = max((len(r["label"]) for r in centre_rows), default=8)
    table = [
        {
            "name": names.power(p),
            "units": ", ".join(mine.get(p, [])),
            "dislodged": "; ".join(away.get(p, [])),
            "centres": ", ".join(owned.get(p, [])),
            "count": len(owned.get(p, [])),
        }
        for p in powers_in_order(names.variant, everyone)
        if mine.get(p) or away.get(p) or owned.get(p)
    ]
    return {
        "title": title,
        "table": table,
        "units": _rows(names, mine, everyone),
        "dislodged": _rows(names, away, everyone),
        "centres": centre_rows,
        "unowned": unowned,
        "unowned_label": f"{'Unowned:':<{width}}",
    }


def standard_position(
    result: Mapping[str, Any], names: Names, unit_label: UnitLabel = None
) -> dict[str, Any]:
    """The position after one phase of a standard game (``result`` as the
    adjudicator answers: ``units``, ``dislodged``, ``supply_centers``), each unit
    labelled by ``unit_label`` when given."""
    phase = result["phase"]
    after = Phase.read(str(result.get("next_phase") or ""))
    retreats_next = after is not None and after.is_retreat
    return board_position(
        f"Position after {phase_phrase(phase)}:",
        result.get("units", []),
        result.get("dislodged", []) if retreats_next else [],
        result.get("supply_centers", {}),
        names,
        write_unit=lambda kind, loc: f"{names.unit(kind)} {names.place(loc)}",
        write_place=names.place,
        unit_label=unit_label,
    )


def multiverse_position(
    board: Mapping[str, Any], names: Names, note: str, writing: Any = None
) -> dict[str, Any]:
    """One multiverse board's position block, headed ``Board 2:F1901 (Timeline 2,
    Fall of 1901; <note>):`` and written in the orders' notation (``writing``: the
    rule set's, :class:`judge.reports.multiverse.BoardWriting`; by default the
    reference game's ``2:mun:F1901``)."""
    timeline, turn = str(board["timeline"]), Turn.parse(board["phase"]).code
    name = writing.timeline(board["timeline"]) if writing else timeline
    code = f"{name}:{writing.turn(turn) if writing else turn}"
    on_board = BoardKey.of(int(board["timeline"]), Turn.parse(turn))

    def here(loc: str) -> str:
        return writing.place(on_board.at(loc)) if writing else f"{timeline}:{loc}:{turn}"

    title = f"Board {code} (Timeline {name}, {phase_season(board['phase'])}; {note}):"
    return board_position(
        title,
        board.get("units", []),
        board.get("dislodged", []),
        board.get("supply_centers", {}),
        names,
        write_unit=lambda kind, loc: f"{kind} {here(loc)}",
        write_place=here,
    )
