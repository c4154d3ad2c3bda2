"""Turn reports: the results of a processed phase as a text part and an HTML part.

The text part follows the classic judges' results mail closely enough for the
mapping tools that read it: the ``::`` header lines, ``Movement results for
Spring of 1901.  (game.001)``, one line per order grouped by power
(``France:  Army Paris -> Burgundy.  (*bounce*)``), the dislodged units with
their retreats, centre ownership with build and removal counts, and the next
phase with its deadline.  Order lines are never wrapped (a parser reads them
line by line); prose lines are wrapped at 75 columns as the classic judges do.

Input is the output document of ``judge adjudicate`` for one phase (see
docs/reports.md), the position that was adjudicated (optional, for unordered
units, unit types and foreign adjectives) and a :class:`ReportSettings`.
Layout lives in the Jinja templates under ``templates/``; this module turns the
documents into a plain model for them.  Multiverse reports: :func:`render_multiverse_report`.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path
from typing import Any, Protocol

import jinja2

from judge.timing import format_classic, format_for, time_left

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"
WRAP = 75

_SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter", "U": "Summer", "A": "Autumn"}
_PHASE_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments", "B": "adjustments"}
_RESULT_TITLES = {
    "movement": "Movement results",
    "retreats": "Retreat results",
    "adjustments": "Adjustment results",
}
_NEXT_WORDS = {"movement": "Movement", "retreats": "Retreats", "adjustments": "Adjustments"}
_UNIT_WORDS = {"A": "Army", "F": "Fleet"}
# a multiverse location: timeline:location:turn, e.g. 2:spa/nc:F1902
_TRIPLE = re.compile(r"^(\d+):([a-z0-9_/]+):([SFW]\d{4})$", re.IGNORECASE)
# an order whose later replacement counts instead (not shown in reports)
REPLACED = "replaced by a later order"

# resolver reasons -> the classic judges' result notes
_NOTE_WORDS = {
    "bounced": "bounce",
    "bounce": "bounce",
    "cut": "cut",
    "void": "void",
    "dislodged": "dislodged",
    "no convoy": "no convoy",
    "no_convoy": "no convoy",
    "disrupted": "disrupted",
    "destroyed": "destroyed",
    "failed": "failed",
}


class VariantLike(Protocol):
    """What reports need from a variant (``judge.variant.Variant`` provides it)."""

    name: str
    provinces: Mapping[str, Any]  # .name, .kind ("land" | "coast" | "sea")
    powers: Mapping[str, Any]  # .name, .adjective
    coasts: Mapping[str, Any]  # .name
    supply_centers: frozenset[str]
    victory_centers: int

    def province_of(self, loc: str) -> str:
        """The province of a location."""
        ...


@dataclass(frozen=True)
class ReportSettings:
    """Game facts a report shows besides the adjudication itself.

    ``phase_deadline`` is the deadline the processed phase had (shown in the
    ``:: Deadline:`` header as the classic judges do; the next deadline stands
    in when it is unknown).  ``game_zone`` is the zone of the classic date
    lines; ``reader_zone`` adds a line with the deadline in the recipient's own
    zone and UTC.  ``number`` is the count of phases played, for ``(game.001)``.
    ``notices`` are paragraphs appended at the end (draws, takeovers, a note
    from the game master).
    """

    game: str
    judge_code: str = "JUDGE"
    variant_label: str | None = None
    number: int | None = None
    next_deadline: datetime | None = None
    phase_deadline: datetime | None = None
    game_zone: str = "UTC"
    reader_zone: str | None = None
    url: str | None = None
    notices: Sequence[str] = field(default_factory=tuple)


# --------------------------------------------------------------------------- phases


def phase_kind(phase: str) -> str:
    """``movement``, ``retreats`` or ``adjustments`` for a code like ``S1901M``."""
    return _PHASE_KINDS[phase.strip().upper()[-1]]


def phase_season(phase: str) -> str:
    """``Spring of 1901`` for ``S1901M``."""
    code = phase.strip().upper()
    return f"{_SEASONS.get(code[0], code[0])} of {code[1:-1]}"


def phase_phrase(phase: str) -> str:
    """``the Spring 1901 movement phase`` for ``S1901M``, for running text."""
    code = phase.strip().upper()
    kind = {"movement": "movement", "retreats": "retreat", "adjustments": "adjustment"}
    return f"the {_SEASONS.get(code[0], code[0])} {code[1:-1]} {kind[phase_kind(code)]} phase"


def describe_phase(phase: str) -> str:
    """``Retreats for Fall of 1901`` for ``F1901R``."""
    return f"{_NEXT_WORDS[phase_kind(phase)]} for {phase_season(phase)}"


# --------------------------------------------------------------------------- names


class _Names:
    """Readable names of powers, locations and units, from the variant."""

    def __init__(self, variant: VariantLike) -> None:
        self.variant = variant

    def power(self, code: str) -> str:
        power = self.variant.powers.get(code)
        return power.name if power is not None else code.capitalize()

    def adjective(self, code: str) -> str:
        power = self.variant.powers.get(code)
        return power.adjective if power is not None else code.capitalize()

    def province(self, loc: str) -> str:
        if _TRIPLE.match(loc):
            return loc  # a location on another board is a place of its own
        try:
            return self.variant.province_of(loc)
        except KeyError:
            return loc.split("/", 1)[0]

    def place(self, loc: str) -> str:
        """``St Petersburg (north coast)`` for ``stp/nc``.

        A location on another board (``1:gas:S1901``) also names its board:
        ``Gascony (timeline 1, Spring 1901)``.
        """
        triple = _TRIPLE.match(loc)
        if triple:
            timeline, where, turn = triple.groups()
            season = _SEASONS.get(turn[0].upper(), turn[0])
            return f"{self.place(where)} (timeline {timeline}, {season} {turn[1:]})"
        prov = self.variant.provinces.get(self.province(loc))
        if prov is None:
            return loc
        if "/" in loc:
            coast_code = loc.split("/", 1)[1]
            coast = self.variant.coasts.get(coast_code)
            coast_name = coast.name if coast is not None else coast_code
            return f"{prov.name} ({coast_name.lower()})"
        return prov.name

    def in_place(self, loc: str) -> str:
        """``in the Ionian Sea`` for seas, ``in Greece`` otherwise."""
        triple = _TRIPLE.match(loc)
        prov = self.variant.provinces.get(self.province(triple.group(2) if triple else loc))
        the = "the " if prov is not None and getattr(prov, "kind", "") == "sea" else ""
        return f"in {the}{self.place(loc)}"

    @staticmethod
    def unit(unit_type: str) -> str:
        return _UNIT_WORDS.get(unit_type.upper(), "Unit")


def _powers_in_order(variant: VariantLike, extra: Iterable[str]) -> list[str]:
    order = list(variant.powers)
    order += sorted({p for p in extra if p not in variant.powers})
    return order


# --------------------------------------------------------------------------- orders


@dataclass
class _Units:
    """The units of the adjudicated position, looked up by location or province."""

    names: _Names
    by_loc: dict[str, tuple[str, str]] = field(default_factory=dict)  # loc -> (power, type)

    @classmethod
    def of(cls, names: _Names, units: Iterable[Mapping[str, Any]]) -> _Units:
        table = cls(names)
        for u in units:
            table.by_loc[u["province"]] = (u["power"], u["type"])
        return table

    def find(self, loc: str) -> tuple[str, str] | None:
        if loc in self.by_loc:
            return self.by_loc[loc]
        prov = self.names.province(loc)
        for where, unit in self.by_loc.items():
            if self.names.province(where) == prov:
                return unit
        return None


def _unit_type(token: str, loc: str, units: _Units) -> str:
    if token.upper() in _UNIT_WORDS:
        return token.upper()
    found = units.find(loc)
    return found[1] if found else "?"


def _other_unit(power: str, token: str, loc: str, names: _Names, units: _Units) -> str:
    """``German Army Munich``: a unit named in a support or convoy (adjective if foreign)."""
    found = units.find(loc)
    kind = names.unit(_unit_type(token, loc, units))
    if found is not None and found[0] != power:
        return f"{names.adjective(found[0])} {kind} {names.place(loc)}"
    return f"{kind} {names.place(loc)}"


@dataclass
class _Parsed:
    """An order read from the judge's canonical text."""

    kind: str  # hold, move, support, convoy, retreat, disband, build, remove, waive
    unit_type: str = "?"
    loc: str = ""
    target_type: str = ""
    target: str = ""
    dest: str = ""


def _parse_canonical(text: str) -> _Parsed | None:
    """Read ``A par - bur``, ``F bre S A par - bur``, ``Build F stp/nc``, ``Waive``...

    Returns None for text in any other form.
    """
    t = text.split()
    low = [w.lower() for w in t]
    if low == ["waive"]:
        return _Parsed("waive")
    if len(t) == 3 and low[0] in ("build", "remove", "disband"):
        return _Parsed(low[0], t[1].upper(), low[2])
    if len(t) < 3 or t[0].upper() not in ("A", "F", "?"):
        return None
    unit_type, loc, verb = t[0].upper(), low[1], low[2]
    rest = low[3:]
    if verb == "h" and not rest:
        return _Parsed("hold", unit_type, loc)
    if verb == "d" and not rest:
        return _Parsed("disband", unit_type, loc)
    if verb == "-" and (len(rest) == 1 or rest[1:] == ["via", "convoy"]):
        return _Parsed("move", unit_type, loc, dest=rest[0])
    if verb == "r" and len(rest) == 1:
        return _Parsed("retreat", unit_type, loc, dest=rest[0])
    if verb in ("s", "c") and len(rest) in (2, 4):
        if len(rest) == 4 and rest[2] != "-":
            return None
        kind = "support" if verb == "s" else "convoy"
        dest = rest[3] if len(rest) == 4 else ""
        if kind == "convoy" and not dest:
            return None
        return _Parsed(kind, unit_type, loc, rest[0].upper(), rest[1], dest)
    return None


def _notes(order: Mapping[str, Any], parsed: _Parsed | None, dislodged: bool, kind: str) -> list:
    """The classic ``(*...*)`` notes of one order."""
    result = order.get("result")
    reasons = order.get("reason")
    if isinstance(reasons, str):
        reasons = [r.strip() for r in reasons.split(",") if r.strip()]
    reasons = list(reasons or [])
    notes: list[str] = []
    if result == "invalid":
        notes.append("invalid")
    for reason in reasons:
        word = _NOTE_WORDS.get(reason.lower(), reason.replace("_", " "))
        if word == "dislodged" and parsed is not None and result == "fails":
            # the resolver reports only "dislodged"; the classic notes say why it also failed
            if parsed.kind == "move":
                notes.append("bounce")
            elif parsed.kind == "support":
                notes.append("cut")
        if word not in notes:
            notes.append(word)
    if kind == "retreats" and result == "fails" and parsed is not None:
        if parsed.kind == "retreat" and not reasons:
            notes.append("bounce")
        if "destroyed" not in notes:
            notes.append("destroyed")
    if result == "fails" and not notes and parsed is not None and parsed.kind != "hold":
        notes.append("failed")
    if dislodged and "dislodged" not in notes:
        notes.append("dislodged")
    return notes


def _order_sentence(
    power: str, parsed: _Parsed | None, raw: str, names: _Names, units: _Units
) -> str:
    """``Army Paris -> Burgundy.`` and the like; the raw text when unreadable."""
    if parsed is None:
        return raw.rstrip(".") + "."
    if parsed.kind == "waive":
        return "Build waived."
    if parsed.kind == "build":
        article = "an army" if parsed.unit_type == "A" else "a fleet"
        return f"Builds {article} {names.in_place(parsed.loc)}."
    if parsed.kind == "remove":
        utype = _unit_type(parsed.unit_type, parsed.loc, units)
        return f"Removes the {names.unit(utype).lower()} {names.in_place(parsed.loc)}."
    unit = (
        f"{names.unit(_unit_type(parsed.unit_type, parsed.loc, units))} {names.place(parsed.loc)}"
    )
    if parsed.kind == "hold":
        return f"{unit} HOLD."
    if parsed.kind == "disband":
        return f"{unit} DISBAND."
    if parsed.kind in ("move", "retreat"):
        return f"{unit} -> {names.place(parsed.dest)}."
    other = _other_unit(power, parsed.target_type, parsed.target, names, units)
    verb = "SUPPORT" if parsed.kind == "support" else "CONVOY"
    if parsed.dest:
        return f"{unit} {verb} {other} -> {names.place(parsed.dest)}."
    return f"{unit} {verb} {other}."


@dataclass
class OrderLine:
    """One result line: the sentence, its notes and the outcome (for styling)."""

    sentence: str
    notes: list[str]
    result: str

    @property
    def text(self) -> str:
        """The line as the classic judges print it after the power's name."""
        if not self.notes:
            return self.sentence
        return f"{self.sentence}  (*{', '.join(self.notes)}*)"


@dataclass
class PowerGroup:
    """The result lines of one power."""

    code: str
    name: str
    label: str  # "France:" padded to the width of the longest power name
    lines: list[OrderLine]


def _order_groups(
    result: Mapping[str, Any],
    before: Mapping[str, Any] | None,
    names: _Names,
    kind: str,
    *,
    reference_units: Iterable[Mapping[str, Any]] = (),
) -> list[PowerGroup]:
    """The result lines of a phase, by power in the variant's order.

    ``reference_units`` are units elsewhere (other boards) that orders may name.
    """
    units = _Units.of(names, [*(before or {}).get("units", []), *reference_units])
    for d in (before or {}).get("dislodged", []):
        units.by_loc.setdefault(d["province"], (d["power"], d["type"]))
    dislodged_now = {
        (d["power"], names.province(d["province"])) for d in result.get("dislodged", [])
    }
    lines: dict[str, list[OrderLine]] = {}
    ordered: set[tuple[str, str]] = set()
    for order in result.get("orders", []):
        if order.get("reason") == REPLACED:
            continue  # the later order for the unit is the one that counted
        power = order["power"]
        invalid = order.get("result") == "invalid"
        raw = (order.get("text") if invalid else None) or order.get("order") or ""
        parsed = None if invalid else _parse_canonical(raw)
        if parsed is not None and kind == "adjustments" and parsed.kind == "disband":
            parsed.kind = "remove"
        here = parsed.loc if parsed is not None and parsed.loc else None
        is_dislodged = (
            kind == "movement"
            and here is not None
            and (power, names.province(here)) in dislodged_now
        )
        if here is not None:
            ordered.add((power, names.province(here)))
        if order.get("display"):
            sentence = order["display"]
        elif order.get("judged") == "automatic" and parsed is not None and parsed.loc:
            sentence = _unordered_sentence(parsed, names, units, kind)
        else:
            sentence = _order_sentence(power, parsed, raw, names, units)
        notes = _notes(order, parsed, is_dislodged, kind)
        if order.get("judged") == "rejudged":
            notes.append("re-judged")
        lines.setdefault(power, []).append(OrderLine(sentence, notes, order.get("result", "")))

    if before is not None:
        _add_unordered(before, names, kind, ordered, dislodged_now, lines)
    if kind == "adjustments":
        _add_disorder_removals(before, result, names, ordered, lines)

    everyone = _powers_in_order(names.variant, lines)
    powers = [p for p in everyone if p in lines]
    # one column for the whole variant, so every report lines up the same way
    width = max((len(names.power(p)) + 1 for p in everyone), default=0)
    return [
        PowerGroup(p, names.power(p), f"{names.power(p) + ':':<{width}}", lines[p]) for p in powers
    ]


def _unordered_sentence(parsed: _Parsed, names: _Names, units: _Units, kind: str) -> str:
    """What the judge did for a unit without orders: ``Army Paris, No Order Processed.``,
    or in an adjustment phase ``Defaults, removing the army in Greece.``"""
    unit_type = names.unit(_unit_type(parsed.unit_type, parsed.loc, units))
    if kind == "adjustments" and parsed.kind in ("disband", "remove"):
        return f"Defaults, removing the {unit_type.lower()} {names.in_place(parsed.loc)}."
    unit = f"{unit_type} {names.place(parsed.loc)}"
    if parsed.kind in ("disband", "remove"):
        return f"{unit}, No Order Processed (DISBAND)."
    return f"{unit}, No Order Processed."


def _add_unordered(
    before: Mapping[str, Any],
    names: _Names,
    kind: str,
    ordered: set[tuple[str, str]],
    dislodged_now: set[tuple[str, str]],
    lines: dict[str, list[OrderLine]],
) -> None:
    """``Army Paris, No Order Processed.`` for units that had no order."""
    if kind == "movement":
        pending = before.get("units", [])
        tail = "."
    elif kind == "retreats":
        pending = before.get("dislodged", [])
        tail = " (DISBAND)."
    else:
        return
    for u in pending:
        key = (u["power"], names.province(u["province"]))
        if key in ordered:
            continue
        sentence = f"{names.unit(u['type'])} {names.place(u['province'])}, No Order Processed{tail}"
        notes = ["dislodged"] if kind == "movement" and key in dislodged_now else []
        lines.setdefault(u["power"], []).append(OrderLine(sentence, notes, "unordered"))


def _add_disorder_removals(
    before: Mapping[str, Any] | None,
    result: Mapping[str, Any],
    names: _Names,
    ordered: set[tuple[str, str]],
    lines: dict[str, list[OrderLine]],
) -> None:
    """``Defaults, removing the army in Greece.`` for units removed without an order.

    The adjudicator lists them under ``civil_disorder``; for older documents
    they are worked out from the position before and after.
    """
    if "civil_disorder" in result:
        removed = list(result["civil_disorder"])
    elif before is not None:
        after = {(u["power"], names.province(u["province"])) for u in result.get("units", [])}
        removed = [
            u
            for u in before.get("units", [])
            if (u["power"], names.province(u["province"])) not in after
            and (u["power"], names.province(u["province"])) not in ordered
        ]
    else:
        removed = []
    for u in removed:
        sentence = (
            f"Defaults, removing the {names.unit(u['type']).lower()} "
            f"{names.in_place(u['province'])}."
        )
        lines.setdefault(u["power"], []).append(OrderLine(sentence, [], "default"))


# --------------------------------------------------------------------------- other sections


def _or_list(items: list[str]) -> str:
    return " or ".join(items)


def _dislodged_sentences(result: Mapping[str, Any], names: _Names) -> list[str]:
    out = []
    for d in result.get("dislodged", []):
        who = f"{names.adjective(d['power'])} {names.unit(d['type'])}"
        unit = f"The {who} {names.in_place(d['province'])}"
        options = [names.place(o) for o in d.get("retreat_options") or []]
        if options:
            out.append(f"{unit} can retreat to {_or_list(options)}.")
        else:
            out.append(f"{unit} with no valid retreats was destroyed.")
    return out


def _centres_settled(phase: str, next_phase: str | None) -> bool:
    """Whether centre ownership changed hands with this phase (end of the Fall turn)."""
    code = phase.strip().upper()
    if code[0] != "F" or phase_kind(code) == "adjustments":
        return False
    retreats_follow = bool(next_phase) and phase_kind(next_phase or "") == "retreats"
    return not (phase_kind(code) == "movement" and retreats_follow)


@dataclass
class CentreLine:
    """Ownership and counts for one power."""

    code: str
    name: str
    label: str
    centres: list[str]
    centre_count: int
    unit_count: int
    adjustment: int  # > 0 builds, < 0 removals
    victory: bool = False

    @property
    def count_text(self) -> str:
        """``3 Supply centers,  3 Units:  Builds   0 units.``"""
        n = abs(self.adjustment)
        verb = "Removes" if self.adjustment < 0 else "Builds "
        unit_word = "unit" if n == 1 else "units"
        text = (
            f"{self.centre_count:>2} Supply centers, {self.unit_count:>2} Units:  "
            f"{verb}{n:>3} {unit_word}."
        )
        return text + ("  (* VICTORY!! *)" if self.victory else "")


def _centre_lines(
    result: Mapping[str, Any], names: _Names
) -> tuple[list[CentreLine], list[str], str | None]:
    owners: Mapping[str, list[str]] = result.get("supply_centers", {})
    unit_counts: dict[str, int] = {}
    for u in result.get("units", []):
        unit_counts[u["power"]] = unit_counts.get(u["power"], 0) + 1
    powers = _powers_in_order(names.variant, list(owners) + list(unit_counts))
    width = max((len(names.power(p)) + 1 for p in powers), default=8) + 2
    target = getattr(names.variant, "victory_centers", 0) or 0
    lines = []
    winner = None
    for p in powers:
        centres = sorted(names.place(c) for c in owners.get(p, []))
        units = unit_counts.get(p, 0)
        if not centres and not units:
            continue
        victory = bool(target) and len(centres) >= target
        if victory:
            winner = p
        label = f"{names.power(p) + ':':<{width}}"
        lines.append(
            CentreLine(
                p,
                names.power(p),
                label,
                centres,
                len(centres),
                units,
                len(centres) - units,
                victory,
            )
        )
    owned = {c for cs in owners.values() for c in cs}
    unowned = sorted(names.place(c) for c in names.variant.supply_centers if c not in owned)
    return lines, unowned, winner


# --------------------------------------------------------------------------- rendering


def _wrap(text: str, width: int = WRAP, indent: int = 0) -> str:
    """Wrap prose at ``width`` columns; continuation lines indented by ``indent``."""
    return textwrap.fill(
        text,
        width=width,
        subsequent_indent=" " * indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


@dataclass(frozen=True)
class _Environments:
    text: jinja2.Environment
    html: jinja2.Environment


def _make_environments(directory: Path) -> _Environments:
    loader = jinja2.FileSystemLoader(str(directory))
    common = {
        "loader": loader,
        "trim_blocks": True,
        "lstrip_blocks": True,
        "keep_trailing_newline": True,
        "undefined": jinja2.StrictUndefined,
    }
    text_env = jinja2.Environment(autoescape=False, **common)  # noqa: S701 (plain text)
    html_env = jinja2.Environment(autoescape=True, **common)
    for env in (text_env, html_env):
        env.filters["wrap"] = _wrap
    return _Environments(text_env, html_env)


_ENVIRONMENTS: dict[Path, _Environments] = {}


def environments(directory: Path = TEMPLATES_DIR) -> _Environments:
    """The text and HTML Jinja environments for a template directory (cached)."""
    if directory not in _ENVIRONMENTS:
        _ENVIRONMENTS[directory] = _make_environments(directory)
    return _ENVIRONMENTS[directory]


def _header(settings: ReportSettings, variant: VariantLike, phase: str) -> dict[str, Any]:
    label = settings.variant_label or variant.name.capitalize()
    shown = settings.phase_deadline or settings.next_deadline
    return {
        "judge": settings.judge_code,
        "game": settings.game[:1].upper() + settings.game[1:],
        "variant": label,
        "phase": phase,
        "deadline": format_classic(shown, settings.game_zone) if shown else None,
        "url": settings.url,
    }


def _next(settings: ReportSettings, next_phase: str | None) -> dict[str, Any] | None:
    if not next_phase:
        return None
    deadline = settings.next_deadline
    return {
        "phase": next_phase,
        "description": describe_phase(next_phase),
        **_deadline_fields(deadline, settings),
    }


def _deadline_fields(deadline: datetime | None, settings: ReportSettings) -> dict[str, Any]:
    """A deadline as the templates show it: classic form, the reader's zone, and UTC."""
    return {
        "deadline_classic": format_classic(deadline, settings.game_zone) if deadline else None,
        "deadline_reader": (
            format_for(deadline, settings.reader_zone)
            if deadline and settings.reader_zone
            else None
        ),
        "deadline_utc": format_for(deadline, "UTC") if deadline else None,
    }


def report_model(
    result: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    before: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The plain model the report templates render (also handy for tests and previews)."""
    names = _Names(variant)
    phase = result["phase"]
    kind = phase_kind(phase)
    number = f".{settings.number:03d}" if settings.number is not None else ""
    title = f"{_RESULT_TITLES[kind]} for {phase_season(phase)}.  ({settings.game.lower()}{number})"
    next_phase = result.get("next_phase")
    show_centres = _centres_settled(phase, next_phase)
    centres, unowned, winner = _centre_lines(result, names) if show_centres else ([], [], None)
    if winner is None:
        winner = _winner(result, names)
    return {
        "header": _header(settings, variant, phase),
        "title": title,
        "phase": phase,
        "kind": kind,
        "season": phase_season(phase),
        "game": settings.game.lower(),
        "groups": _order_groups(result, before, names, kind),
        "dislodged": _dislodged_sentences(result, names) if kind == "movement" else [],
        "show_centres": show_centres,
        "centres": centres,
        "unowned": unowned,
        "unowned_label": f"{'Unowned:':<{max((len(c.label) for c in centres), default=10)}}",
        "winner": names.power(winner) if winner else None,
        "next": None if winner else _next(settings, next_phase),
        "notices": list(settings.notices),
    }


def _winner(result: Mapping[str, Any], names: _Names) -> str | None:
    target = getattr(names.variant, "victory_centers", 0) or 0
    for power, centres in result.get("supply_centers", {}).items():
        if target and len(centres) >= target:
            return power
    return None


def report_subject(settings: ReportSettings, phase: str, *, preview: bool = False) -> str:
    """``JUDGE:game - S1901M Results`` (``PREVIEW`` in front for the game master's preview)."""
    subject = f"{settings.judge_code}:{settings.game.lower()} - {phase} Results"
    return f"PREVIEW {subject}" if preview else subject


def render_report(
    result: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    before: Mapping[str, Any] | None = None,
    *,
    preview: bool = False,
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """Render one phase's results: ``(subject, text, html)``.

    ``result`` is the output document of ``judge adjudicate``; ``before`` the
    position it adjudicated (gives unordered units, unit types and the owners
    of supported units).  Render once per recipient when ``reader_zone`` differs.
    """
    model = report_model(result, variant, settings, before)
    envs = environments(templates)
    text = envs.text.get_template("report.txt.j2").render(**model)
    subject = report_subject(settings, result["phase"], preview=preview)
    html = envs.html.get_template("report.html.j2").render(subject=subject, **model)
    return subject, text, html


def build_report_mail(
    subject: str,
    text: str,
    html: str,
    *,
    sender: str,
    recipients: Sequence[str],
    headers: Mapping[str, str] | None = None,
) -> EmailMessage:
    """A multipart/alternative mail: the text part first, then the HTML part.

    It is marked ``Auto-Submitted: auto-generated`` so that other robots do not
    answer it; ``headers`` adds or overrides headers (Reply-To, Message-ID...).
    """
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = ", ".join(recipients)
    msg["Date"] = formatdate(localtime=False, usegmt=True)
    msg["Auto-Submitted"] = "auto-generated"
    for name, value in (headers or {}).items():
        del msg[name]
        msg[name] = value
    msg.set_content(text, subtype="plain", charset="utf-8")
    msg.add_alternative(html, subtype="html", charset="utf-8")
    return msg


# --------------------------------------------------------------------------- multiverse

_SEASON_ORDER = {"S": 0, "F": 1, "W": 2}


def _board_label(board: Mapping[str, Any]) -> str:
    return f"Timeline {board['timeline']}, {phase_season(board['phase'])}"


def _board_time(phase: str) -> tuple[int, int]:
    code = phase.strip().upper()
    return int(code[1:5]), _SEASON_ORDER.get(code[0], 0)


def _next_description(world: Mapping[str, Any], active: list[Mapping[str, Any]]) -> str:
    if world.get("next_description"):
        return world["next_description"]
    if world.get("next_phase"):
        return describe_phase(world["next_phase"])
    kinds = {phase_kind(b["phase"]) for b in active}
    if len(kinds) == 1:
        return f"{_NEXT_WORDS[kinds.pop()]} on every active board"
    return "the next turn on every active board"


def multiverse_model(
    world: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
) -> dict[str, Any]:
    """The model of a multiverse report (input format: docs/reports.md)."""
    names = _Names(variant)
    boards = []
    for board in world.get("boards", []):
        if not board.get("changed", True):
            continue
        result = dict(board.get("result") or {})
        result.setdefault("phase", board["phase"])
        kind = phase_kind(board["phase"])
        groups = _order_groups(
            result,
            board.get("before"),
            names,
            kind,
            reference_units=board.get("reference_units", ()),
        )
        boards.append(
            {
                "label": _board_label(board),
                "timeline": board["timeline"],
                "phase": board["phase"],
                "title": f"{_RESULT_TITLES[kind]} for {_board_label(board)}.",
                "groups": groups,
                "dislodged": _dislodged_sentences(result, names) if kind == "movement" else [],
            }
        )
    new_timelines = [
        {"timeline": fork["timeline"], "forked_from": _board_label(fork["forked_from"])}
        for fork in world.get("new_timelines", [])
    ]
    active_refs = list(world.get("active_boards", world.get("active", [])))
    active = [
        f"{_board_label(b)} ({_NEXT_WORDS[phase_kind(b['phase'])].lower()})" for b in active_refs
    ]
    unique = []
    owned = world.get("unique_centers", {})
    powers = _powers_in_order(variant, owned)
    width = max((len(names.power(p)) + 1 for p in powers), default=8) + 2
    for p in powers:
        if p not in owned:
            continue
        listed = sorted(names.place(c) for c in owned[p])
        unique.append(
            {
                "name": names.power(p),
                "label": f"{names.power(p) + ':':<{width}}",
                "count": len(listed),
                "centres": listed,
            }
        )
    winner = world.get("winner")
    turn = world.get("turn") or max(
        (b["phase"] for b in world.get("boards", [])), key=_board_time, default=""
    )
    deadline = settings.next_deadline
    number = f", turn {settings.number}" if settings.number is not None else ""
    return {
        "header": _header(settings, variant, turn),
        "turn": turn,
        "title": f"Multiverse results of '{settings.game.lower()}'{number}.",
        "game": settings.game.lower(),
        "boards": boards,
        "new_timelines": new_timelines,
        "active": active,
        "unique": unique,
        "winner": names.power(winner) if winner else None,
        "next": None
        if winner
        else {
            "description": _next_description(world, active_refs),
            **_deadline_fields(deadline, settings),
        },
        "notices": list(settings.notices),
    }


def render_multiverse_report(
    world: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    preview: bool = False,
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """Render a multiverse turn: ``(subject, text, html)`` covering every changed board."""
    model = multiverse_model(world, variant, settings)
    envs = environments(templates)
    text = envs.text.get_template("multiverse.txt.j2").render(**model)
    subject = report_subject(settings, model["turn"], preview=preview)
    html = envs.html.get_template("multiverse.html.j2").render(subject=subject, **model)
    return subject, text, html


_TRIPLE_ANYWHERE = re.compile(r"\b(\d+):([a-z0-9_/]+):([SFW]\d{4})\b", re.IGNORECASE)


def _order_board(order: Mapping[str, Any]) -> tuple[int, str] | None:
    """``(timeline, turn)`` of the unit an order is for, from its first location."""
    for field_name in ("order", "text"):
        found = _TRIPLE_ANYWHERE.search(order.get(field_name) or "")
        if found:
            return int(found.group(1)), found.group(3).upper()
    return None


def _relative(text: str, board: tuple[int, str]) -> str:
    """Locations on ``board`` written plainly; locations on other boards keep their triple."""

    def local(match: re.Match[str]) -> str:
        if (int(match.group(1)), match.group(3).upper()) == board:
            return match.group(2).lower()
        return f"{match.group(1)}:{match.group(2).lower()}:{match.group(3).upper()}"

    return _TRIPLE_ANYWHERE.sub(local, text)


def _rejudged_board_orders(
    board: tuple[int, str], changed: list[dict], history: Sequence[Mapping[str, Any]]
) -> list[dict]:
    """Every order a re-judged past board had, as the report lists them.

    The orders whose result changed (``changed``, marked re-judged) take the place of
    their earlier result; the board's other orders of the same kind keep the result
    the history gives them, and the units that had none show as unordered.
    """
    new = {(o.get("power"), o.get("order")): o for o in changed}
    kinds = {h.get("kind") for h in history if (h.get("power"), h.get("order")) in new} or {
        "movement"
    }
    out = []
    for entry in history:
        key = (entry.get("power"), entry.get("order"))
        if entry.get("kind") not in kinds or _order_board(entry) != board:
            continue
        if key in new:
            out.append(new.pop(key))
            continue
        out.append(
            {
                "power": entry.get("power"),
                "order": entry.get("order"),
                "result": entry.get("result"),
                "reason": entry.get("reason"),
                "judged": "automatic" if entry.get("auto") else "history",
            }
        )
    return out + list(new.values())


def multiverse_report_input(before: Mapping[str, Any], answer: Mapping[str, Any]) -> dict:
    """The report input for one step of a multiverse game, from the adjudicator's documents.

    ``before`` is the world document given to ``judge adjudicate`` (boards and
    history), ``answer`` what it returned.  Orders are grouped by the board of
    the unit they are for.  A past board is shown again only when a re-judged
    order's result changed; it then lists every order it had that turn (from the
    history), the changed ones marked re-judged.  Orders that name no board
    (some invalid ones) go to the latest board that received orders.
    """

    def key_of(board: Mapping[str, Any]) -> tuple[int, str]:
        return int(board["timeline"]), board["phase"].strip().upper()[:5]

    before_boards = {key_of(b): b for b in before.get("boards", [])}
    after_boards = {key_of(b): b for b in answer.get("boards", [])}
    history = {(h.get("power"), h.get("order")): h for h in before.get("history", [])}
    per_board: dict[tuple[int, str], list[dict]] = {}
    unplaced: list[dict] = []
    changed: dict[tuple[int, str], list[dict]] = {}  # re-judged orders whose result changed
    for order in answer.get("orders", []):
        if order.get("judged") == "rejudged":
            previous = history.get((order.get("power"), order.get("order"))) or {}
            if (previous.get("result"), previous.get("reason")) == (
                order.get("result"),
                order.get("reason"),
            ):
                continue
            board = _order_board(order)
            if board is not None:
                changed.setdefault(board, []).append(dict(order))
                continue
        board = _order_board(order)
        if board is None:
            unplaced.append(dict(order))
            continue
        entry = dict(order)
        if entry.get("order"):
            entry["order"] = _relative(entry["order"], board)
        per_board.setdefault(board, []).append(entry)
    for board, orders in changed.items():
        entries = _rejudged_board_orders(board, orders, before.get("history", []))
        per_board.setdefault(board, []).extend(
            {**e, "order": _relative(e["order"], board)} for e in entries
        )
    if unplaced:
        target = max(
            per_board, key=lambda k: (k[1][1:], _SEASON_ORDER[k[1][0]], -k[0]), default=None
        )
        if target is None:
            active = answer.get("active_boards") or [{"timeline": 1, "phase": "S1901M"}]
            target = key_of(active[0])
        per_board.setdefault(target, []).extend(unplaced)

    boards = []
    for key in sorted(per_board, key=lambda k: (k[0], int(k[1][1:]), _SEASON_ORDER[k[1][0]])):
        old = before_boards.get(key) or after_boards.get(key) or {}
        new = after_boards.get(key, {})
        phase = old.get("phase") or key[1] + ("A" if key[1][0] == "W" else "M")
        references = [
            {**u, "province": f"{t}:{u['province']}:{turn}"}
            for (t, turn), b in before_boards.items()
            if (t, turn) != key
            for u in b.get("units", [])
        ]
        boards.append(
            {
                "timeline": key[0],
                "phase": phase,
                "result": {
                    "phase": phase,
                    "orders": per_board[key],
                    "dislodged": new.get("dislodged", [])
                    if phase_kind(phase) == "movement"
                    else [],
                    # Removals by the civil disorder rule are among the orders
                    # (judged "automatic"); a winter board keeps its units as they
                    # were, so none may be guessed from a missing unit.
                    "civil_disorder": [],
                },
                "before": {"units": old.get("units", []), "dislodged": old.get("dislodged", [])},
                "reference_units": references,
            }
        )
    owned: dict[str, set[str]] = {}
    for ref in answer.get("active_boards", []):
        for power, centres in after_boards.get(key_of(ref), {}).get("supply_centers", {}).items():
            owned.setdefault(power, set()).update(centres)
    return {
        "turn": max((b["phase"] for b in boards), key=_board_time, default=""),
        "boards": boards,
        "new_timelines": list(answer.get("new_timelines", [])),
        "active_boards": list(answer.get("active_boards", [])),
        "unique_centers": {p: sorted(c) for p, c in owned.items()},
        "winner": answer.get("winner"),
    }


# --------------------------------------------------------------------------- notices


def _role_name(role: str, names: _Names) -> str:
    if role.lower() in ("master", "observer"):
        return role.capitalize()
    return names.power(role)


def start_model(
    position: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    role: str | None = None,
    players: Sequence[tuple[str, str | None]] = (),
) -> dict[str, Any]:
    """The model of the game-start mail (see :func:`render_start`)."""
    names = _Names(variant)
    phase = position.get("phase") or getattr(variant, "start_phase", "S1901M")
    by_power: dict[str, list[str]] = {}
    for u in position.get("units", []):
        by_power.setdefault(u["power"], []).append(
            f"{names.unit(u['type'])} {names.place(u['province'])}."
        )
    powers = [p for p in _powers_in_order(variant, by_power) if p in by_power]
    width = max((len(names.power(p)) + 1 for p in powers), default=0)
    deadline = settings.next_deadline
    return {
        "header": _header(settings, variant, phase),
        "game": settings.game.lower(),
        "role": _role_name(role, names) if role else None,
        "players": [
            {"label": f"{_role_name(r, names) + ':':<13}", "address": a or "(anonymous)"}
            for r, a in players
        ],
        "season": phase_season(phase),
        "start": [
            {"label": f"{names.power(p) + ':':<{width}}", "units": by_power[p]} for p in powers
        ],
        "kind": _NEXT_WORDS[phase_kind(phase)].lower(),
        **_deadline_fields(deadline, settings),
        "notices": list(settings.notices),
    }


def render_start(
    position: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    role: str | None = None,
    players: Sequence[tuple[str, str | None]] = (),
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """The game-start mail: ``(subject, text, html)``.

    ``position`` is the first phase document; ``role`` the recipient's power code
    (or ``master`` / ``observer``); ``players`` pairs of role and address, the
    address None in anonymous games; ``settings.next_deadline`` the first deadline.
    """
    model = start_model(position, variant, settings, role=role, players=players)
    envs = environments(templates)
    text = envs.text.get_template("start.txt.j2").render(**model)
    subject = (
        f"{settings.judge_code}:{settings.game.lower()} - {model['header']['phase']} Game Starting"
    )
    html = envs.html.get_template("text_mail.html.j2").render(subject=subject, text=text)
    return subject, text, html


def render_reminder(
    settings: ReportSettings,
    variant: VariantLike,
    phase: str,
    power: str,
    missing: Sequence[str],
    now: datetime,
    *,
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """A reminder before the deadline to a power still owing orders.

    ``missing`` lists the units without orders as the order checker writes them
    (``["A Par", "F Bre"]``); ``settings.next_deadline`` is the deadline.
    """
    names = _Names(variant)
    deadline = settings.next_deadline
    if deadline is None:
        raise ValueError("a reminder needs settings.next_deadline")
    model = {
        "header": _header(settings, variant, phase),
        "game": settings.game.lower(),
        "power": names.power(power),
        "phase_text": phase_phrase(phase),
        "deadline_classic": format_classic(deadline, settings.game_zone),
        "deadline_reader": format_for(deadline, settings.reader_zone or "UTC"),
        "left": time_left(now, deadline),
        "missing": list(missing),
        "notices": list(settings.notices),
    }
    envs = environments(templates)
    text = envs.text.get_template("reminder.txt.j2").render(**model)
    subject = f"{settings.judge_code}:{settings.game.lower()} - {phase} Reminder"
    html = envs.html.get_template("text_mail.html.j2").render(subject=subject, text=text)
    return subject, text, html


def render_late_notice(
    settings: ReportSettings,
    variant: VariantLike,
    phase: str,
    late: Sequence[str],
    now: datetime,
    *,
    recipient: str | None = None,
    grace_end: datetime | None = None,
    reveal: bool = True,
    at_grace: str = "missing orders default: units hold, retreats disband, builds are waived",
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """A late notice after the deadline.

    ``late`` are the power codes still owing orders; ``recipient`` the power the
    notice goes to (a late power gets ``[You are late!]`` and is told what
    happens at ``grace_end``); with ``reveal`` False others are not told who is
    late.  ``at_grace`` says what happens when grace ends, in the game's terms.
    """
    names = _Names(variant)
    is_late = recipient in late
    model = {
        "header": _header(settings, variant, phase),
        "game": settings.game.lower(),
        "phase_text": phase_phrase(phase),
        "is_late": is_late,
        "power": names.power(recipient) if recipient else None,
        "late": [names.power(p) for p in late] if reveal or recipient == "master" else [],
        "grace_classic": format_classic(grace_end, settings.game_zone) if grace_end else None,
        "grace_reader": format_for(grace_end, settings.reader_zone or "UTC") if grace_end else None,
        "left": time_left(now, grace_end) if grace_end else None,
        "at_grace": at_grace,
        "notices": list(settings.notices),
    }
    envs = environments(templates)
    text = envs.text.get_template("late.txt.j2").render(**model)
    subject = f"{settings.judge_code}:{settings.game.lower()} - {phase} Late Notice"
    if is_late:
        subject = f"[You are late!] {subject}"
    html = envs.html.get_template("text_mail.html.j2").render(subject=subject, text=text)
    return subject, text, html
