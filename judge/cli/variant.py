"""``judge variant list`` and ``judge variant show NAME [--json]``: the variants as
players and tools need them (powers, provinces and their names, adjacency).

``register(subparsers)`` adds the command to the judge CLI.  The JSON form has the
shape of the variant's own files (docs/variants.md) with every key always present.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Iterable
from typing import Any

from judge.engine.phase import Phase
from judge.variant.data import (
    Variant,
    VariantError,
    available_variants,
    load_variant,
    special_rules,
)

KIND_WORDS = {"land": "inland", "coast": "coastal", "sea": "sea"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``variant`` command with its ``list`` and ``show`` subcommands."""
    variant = subparsers.add_parser(
        "variant",
        help="list the variants, or show one: powers, provinces, adjacency",
        description="The variants this judge knows, read from the variants/ directory.",
    )
    actions = variant.add_subparsers(dest="variant_action", required=True, metavar="ACTION")
    listing = actions.add_parser("list", help="one line per variant")
    listing.set_defaults(func=_list)
    show = actions.add_parser(
        "show",
        help="a variant's powers, provinces with their names, and adjacency",
        description="Print a variant: its powers with home centres and starting units, "
        "its provinces with names, aliases, kind and supply centre, and where armies and "
        "fleets can move.",
    )
    show.add_argument("name", help="a variant name (judge variant list) or a directory")
    show.add_argument("--json", action="store_true", help="print JSON for tools instead of text")
    show.set_defaults(func=_show)
    return variant


# -- commands ----------------------------------------------------------------


def _list(args: argparse.Namespace) -> int:
    status = 0
    for name in available_variants():
        try:
            variant = load_variant(name)
        except VariantError as error:
            print(f"{name}\tcannot be loaded: {error}")
            status = 1
            continue
        print(f"{name}\t{variant.title}\t{summary(variant)}")
    return status


def _show(args: argparse.Namespace) -> int:
    name = args.name
    if "/" not in name and "\\" not in name and name not in available_variants():
        known = ", ".join(available_variants())
        print(
            f"judge variant show: there is no variant {name!r} (this judge has {known})",
            file=sys.stderr,
        )
        return 2
    try:
        variant = load_variant(name)
    except VariantError as error:
        print(f"judge variant show: {error}", file=sys.stderr)
        return 1
    if args.json:
        from judge.cli.json_codec import dump

        return _write(dump(as_document(variant), pretty=True) + b"\n")
    return _write(as_text(variant).encode("utf-8"))


def _write(data: bytes) -> int:
    """Write ``data`` to standard output; a reader that stops early (``| head``) is fine."""
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    except BrokenPipeError:
        # Point standard output at /dev/null so that Python's exit flush stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


# -- the JSON form --------------------------------------------------------------


def as_document(variant: Variant) -> dict[str, Any]:
    """The variant as a JSON-ready dict, in the shape of ``variant.toml`` + ``map.toml``.

    Every province has every key: ``home_of`` is null for a province that is no
    power's home, ``coasts`` is empty unless the coast is split, ``army`` lists the
    provinces an army can move to, and ``fleet`` maps each location where a fleet can
    stand in the province (``"arb/nc"``, or the code itself) to the locations it can
    move to (empty for an inland province).  Adjacency lists are sorted.  Keys the
    variant's rules add come last (Root Z's ``allowed_pairs``).
    """
    return {
        "name": variant.name,
        "title": variant.title,
        "start_phase": variant.start_phase,
        "victory_centers": variant.victory_centers,
        "coasts": {
            code: {"name": coast.name, "aliases": list(coast.aliases)}
            for code, coast in variant.coasts.items()
        },
        "powers": {
            code: {
                "name": power.name,
                "adjective": power.adjective,
                "initial": power.initial,
                "aliases": list(power.aliases),
                "home_centers": list(power.home_centers),
                "starting_centers": list(variant.starting_centers[code]),
                "units": _units(variant, code),
            }
            for code, power in variant.powers.items()
        },
        "provinces": {
            code: {
                "name": prov.name,
                "kind": prov.kind,
                "supply_center": prov.supply_center,
                "home_of": prov.home_of,
                "aliases": list(prov.aliases),
                "coasts": list(prov.coasts),
                "army": sorted(variant.army_neighbours(code)),
                "fleet": {
                    loc: sorted(variant.fleet_neighbours(loc))
                    for loc in variant.fleet_locations(code)
                },
            }
            for code, prov in sorted(variant.provinces.items())
        },
        "special_rules": special_rules(variant.name),
        **_rules_facts(variant),
    }


def _rules_facts(variant: Variant) -> dict[str, Any]:
    """What the variant's rules add (Root Z: ``allowed_pairs``); nothing for most."""
    from judge.rules.registry import ruleset_named

    return ruleset_named(variant.rules).variant_facts(variant)


def _units(variant: Variant, power: str) -> list[str]:
    return [f"{kind} {loc}" for owner, kind, loc in variant.starting_units if owner == power]


# -- the text form ----------------------------------------------------------------


def summary(variant: Variant) -> str:
    """One line: powers, provinces, centres, start and victory."""
    start = Phase.parse(variant.start_phase)
    return (
        f"{len(variant.powers)} powers, {len(variant.provinces)} provinces, "
        f"{len(variant.supply_centers)} supply centres, starts {start.name} "
        f"({start.code}), victory at {variant.victory_centers} centres"
    )


def as_text(variant: Variant) -> str:
    """The variant as players read it: powers, provinces, then adjacency."""
    lines = [f"{variant.title} ({variant.name})", summary(variant) + ".", ""]
    lines += _powers_text(variant)
    lines += _provinces_text(variant)
    lines += _adjacency_text(variant)
    lines += _special_text(variant)
    return "\n".join(lines) + "\n"


def _special_text(variant: Variant) -> list[str]:
    rules = special_rules(variant.name)
    if not rules:
        return []
    lines = ["", "SPECIAL RULES", ""]
    for rule in rules:
        lines += textwrap.wrap(f"{rule['name']}: {rule['summary']}", 78) + [""]
    return lines[:-1]


def _powers_text(variant: Variant) -> list[str]:
    lines = ["POWERS", ""]
    for code, power in variant.powers.items():
        names = ", ".join([power.adjective, power.initial, *power.aliases])
        lines.append(f"{power.name} ({code}; also {names})")
        lines.append(f"  home centres: {_names(variant, power.home_centers)}")
        if variant.starting_centers[code] != power.home_centers:
            lines.append(f"  starting centres: {_names(variant, variant.starting_centers[code])}")
        units = ", ".join(
            f"{kind} {variant.location_name(loc)}"
            for owner, kind, loc in variant.starting_units
            if owner == code
        )
        lines.append(f"  units: {units or 'none'}")
    return [*lines, ""]


def _names(variant: Variant, codes: Iterable[str]) -> str:
    return ", ".join(f"{variant.provinces[c].name} ({c})" for c in codes) or "none"


def _provinces_text(variant: Variant) -> list[str]:
    kinds = [p.kind for p in variant.provinces.values()]
    counts = ", ".join(f"{kinds.count(k)} {KIND_WORDS[k]}" for k in ("land", "coast", "sea"))
    homes = sum(1 for c in variant.supply_centers if variant.provinces[c].home_of)
    lines = [
        f"PROVINCES ({len(kinds)}: {counts}; {len(variant.supply_centers)} supply centres, "
        f"{homes} of them home centres)",
        "",
    ]
    owner = {c: power for power, centres in variant.starting_centers.items() for c in centres}
    rows = []
    for code, prov in sorted(variant.provinces.items()):
        centre = ""
        if prov.home_of:
            centre = f"home of {variant.powers[prov.home_of].name}"
        elif code in owner:
            centre = f"centre, {variant.powers[owner[code]].name}'s at start"
        elif prov.supply_center:
            centre = "neutral centre"
        name = prov.name
        if prov.coasts:
            name += " (" + ", ".join(f"{code}/{c}" for c in prov.coasts) + ")"
        rows.append((code, name, KIND_WORDS[prov.kind], centre, ", ".join(prov.aliases)))
    lines += _table(("code", "name", "kind", "centre", "aliases"), rows)
    return [*lines, ""]


def _adjacency_text(variant: Variant) -> list[str]:
    lines = ["ADJACENCY (A: where an army can move; F: where a fleet can move)", ""]
    rows = []
    for code in sorted(variant.provinces):
        army = variant.army_neighbours(code)
        if army:
            rows.append((code, "A", " ".join(sorted(army))))
        for loc in variant.fleet_locations(code):
            rows.append((loc, "F", " ".join(sorted(variant.fleet_neighbours(loc)))))
    lines += _table(None, rows)
    return lines


def _table(header: tuple[str, ...] | None, rows: list[tuple[str, ...]]) -> list[str]:
    """Left-aligned columns two spaces apart; trailing spaces trimmed."""
    every = ([header] if header else []) + rows
    if not every:
        return []
    widths = [max(len(row[i]) for row in every) for i in range(len(every[0]) - 1)]
    out = []
    for row in every:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        out.append("  ".join([*cells, row[-1]]).rstrip())
    return out
