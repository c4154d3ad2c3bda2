"""How one order reads in a report: the order (``A par - bur``, as data or, in answer
documents that carry text only, as the judge's canonical text) as the classic judges
write it (``Army Paris -> Burgundy.``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.boards import Location
from judge.orders.data import place_of_data
from judge.reports.names import UNIT_WORDS, Names


@dataclass
class Units:
    """The units of the adjudicated position, looked up by location or province;
    ``elsewhere``: units on other boards (a multiverse), by their location there,
    found by that location only (a place on another board is a province of its own)."""

    names: Names
    by_loc: dict[Location, tuple[str, str]] = field(default_factory=dict)  # loc -> (power, type)
    elsewhere: Mapping[Location, tuple[str, str]] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        names: Names,
        units: Iterable[Mapping[str, Any]],
        elsewhere: Mapping[Location, tuple[str, str]] | None = None,
    ) -> Units:
        table = cls(names, elsewhere={} if elsewhere is None else elsewhere)
        for u in units:
            table.by_loc[u["province"]] = (u["power"], u["type"])
        return table

    def find(self, loc: Location) -> tuple[str, str] | None:
        if loc in self.by_loc:
            return self.by_loc[loc]
        if loc in self.elsewhere:
            return self.elsewhere[loc]
        prov = self.names.province(loc)
        for where, unit in self.by_loc.items():
            if self.names.province(where) == prov:
                return unit
        return None


def type_of_unit(token: str, loc: Location, units: Units) -> str:
    """``A`` or ``F``: the order's unit letter, else the type of the unit found at ``loc``."""
    if token.upper() in UNIT_WORDS:
        return token.upper()
    found = units.find(loc)
    return found[1] if found else "?"


def _other_unit(power: str, token: str, loc: Location, names: Names, units: Units) -> str:
    """``German Army Munich``: a unit named in a support or convoy (adjective if foreign)."""
    found = units.find(loc)
    kind = names.unit(type_of_unit(token, loc, units))
    if found is not None and found[0] != power:
        return f"{names.adjective(found[0])} {kind} {names.place(loc)}"
    return f"{kind} {names.place(loc)}"


@dataclass
class OrderView:
    """One order as the reports word it."""

    kind: str  # hold, move, support, convoy, retreat, disband, build, remove, waive
    unit_type: str = "?"  # A or F ("?": look the unit up in the position)
    loc: Location = ""
    target_type: str = ""
    target: Location = ""
    dest: Location = ""
    note: str = ""  # after the destination, for a ruleset's kind (`` by rail``)
    verb: str = ""  # the report's word of a ruleset's own order verb (``COLONIZE``)


# Kinds of stored order (judge.orders.data) as the reports word them.
_DATA_KINDS = {
    "hold": "hold",
    "move": "move",
    "support_hold": "support",
    "support_move": "support",
    "convoy": "convoy",
    "retreat": "retreat",
    "disband": "disband",
    "build": "build",
    "waive": "waive",
}


@dataclass(frozen=True)
class OrderWords:
    """How the reports word a game's orders: ``kinds``, each kind of stored order
    (:mod:`judge.orders.data`) as the standard kind it reads like (``rail_move`` ->
    ``move``); ``notes``, what a report adds after the destination of a kind
    (`` by rail``); ``verbs``, a ruleset's own order verbs as its canonical text
    writes them (lower case) and the report's word for them: ``A par COL`` reads
    ``Army Paris COLONIZE.``  A game's ruleset states them
    (:meth:`judge.rules.base.Ruleset.order_words`)."""

    kinds: Mapping[str, str] = field(default_factory=lambda: dict(_DATA_KINDS))
    notes: Mapping[str, str] = field(default_factory=dict)
    verbs: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(
        cls, kinds: Mapping[str, tuple[str, str]], verbs: Mapping[str, str] | None = None
    ) -> OrderWords:
        """The standard words with a ruleset's own: ``kinds`` maps each of its kinds
        to the standard kind it reads like and its note (``("move", " by rail")``);
        ``verbs`` as :attr:`verbs` (any case)."""
        for kind, (like, _) in kinds.items():
            if like not in _DATA_KINDS.values():
                raise ValueError(f"reports cannot word the order kind {kind!r} like {like!r}")
        return cls(
            {**_DATA_KINDS, **{kind: like for kind, (like, _) in kinds.items()}},
            {kind: note for kind, (_, note) in kinds.items() if note},
            {verb.lower(): word for verb, word in (verbs or {}).items()},
        )


STANDARD_WORDS = OrderWords()
"""The words of the standard orders: the default where no ruleset is given."""


PLACE_FIELDS = ("unit", "target", "army", "dest")
"""The fields of an order as data that name its places, its unit first."""


def view_of_data(
    data: Mapping[str, Any], types: Mapping[str, str], words: OrderWords = STANDARD_WORDS
) -> OrderView | None:
    """The view of an order stored as data (:mod:`judge.orders.data`),
    with the types of the units it names (``{"unit": "A", "target": "F"}``; "?" for
    a unit not found), its kind worded by ``words`` (the game's ruleset's).  None for
    a kind the reports do not know.  Its places are values: a location on a board
    (a multiverse game's) as a :class:`~judge.engine.boards.MLoc`."""
    note = words.notes.get(str(data.get("kind")), "")
    kind = words.kinds.get(str(data.get("kind")))
    places = [place_of_data(data.get(name, "")) for name in PLACE_FIELDS]
    if kind is None or any(p is None for p in places):
        return None
    unit, target, army, dest = places
    if kind == "build":
        return OrderView(kind, str(data.get("type", "?")), unit)
    if kind == "waive":
        return OrderView(kind)
    unit_type = types.get("unit", "?")
    if kind in ("hold", "move", "retreat", "disband"):
        return OrderView(kind, unit_type, unit, dest=dest, note=note)
    other = "army" if kind == "convoy" else "target"
    return OrderView(kind, unit_type, unit, types.get(other, "?"), target or army, dest, note)


def plain_location(word: str) -> Location:
    """A location word read as a location of the board at hand (``par``)."""
    return word


def view_of_text(
    text: str,
    read: Callable[[str], Location] = plain_location,
    words: OrderWords = STANDARD_WORDS,
) -> OrderView | None:
    """The view of an order an answer document gives as the judge's canonical text
    only (``A par - bur``, ``F bre S A par - bur``, ``Build F stp/nc``, ``Waive``):
    the documents of ``judge adjudicate`` and the multiverse answers.  ``read``
    reads each location word (lower case) as the game's ruleset does
    (:meth:`~judge.rules.base.Ruleset.read_location`: ``1:mun:s1901`` is a location
    on a board); by default a location is the word.  ``words`` has the ruleset's
    own verbs (``A par COL``).

    Returns None for text in any other form.
    """
    t = text.split()
    low = [w.lower() for w in t]
    if low == ["waive"]:
        return OrderView("waive")
    if len(t) == 3 and low[0] in ("build", "remove", "disband"):
        return OrderView(low[0], t[1].upper(), read(low[2]))
    if len(t) < 3 or t[0].upper() not in ("A", "F", "?"):
        return None
    unit_type, loc, verb = t[0].upper(), read(low[1]), low[2]
    rest = low[3:]
    if verb in words.verbs and len(rest) <= 1:
        there = read(rest[0]) if rest else ""
        return OrderView("verb", unit_type, loc, dest=there, verb=words.verbs[verb])
    if verb == "h" and not rest:
        return OrderView("hold", unit_type, loc)
    if verb == "d" and not rest:
        return OrderView("disband", unit_type, loc)
    if verb == "-" and (len(rest) == 1 or rest[1:] == ["via", "convoy"]):
        return OrderView("move", unit_type, loc, dest=read(rest[0]))
    if verb == "r" and len(rest) == 1:
        return OrderView("retreat", unit_type, loc, dest=read(rest[0]))
    if verb in ("s", "c") and len(rest) in (2, 4):
        if len(rest) == 4 and rest[2] != "-":
            return None
        kind = "support" if verb == "s" else "convoy"
        dest = read(rest[3]) if len(rest) == 4 else ""
        if kind == "convoy" and not dest:
            return None
        return OrderView(kind, unit_type, loc, rest[0].upper(), read(rest[1]), dest)
    return None


def order_view(
    entry: Mapping[str, Any],
    read: Callable[[str], Location] = plain_location,
    words: OrderWords = STANDARD_WORDS,
) -> OrderView | None:
    """The view of one judged order of an answer: the view the entry carries (a
    multiverse report's orders, read once with their locations as values), else
    from its order data when the judge adjudicated stored orders, else from the
    canonical text the document carries, its locations read by ``read``; its kind
    or verb worded by ``words`` (the game's ruleset's)."""
    view = entry.get("view")
    if isinstance(view, OrderView):
        return view
    data = entry.get("data")
    if isinstance(data, Mapping):
        return view_of_data(data, entry.get("unit_types") or {}, words)
    return view_of_text(entry.get("order") or "", read, words)


def order_sentence(
    power: str, parsed: OrderView | None, raw: str, names: Names, units: Units
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
        utype = type_of_unit(parsed.unit_type, parsed.loc, units)
        return f"Removes the {names.unit(utype).lower()} {names.in_place(parsed.loc)}."
    unit = (
        f"{names.unit(type_of_unit(parsed.unit_type, parsed.loc, units))} {names.place(parsed.loc)}"
    )
    if parsed.kind == "hold":
        return f"{unit} HOLD."
    if parsed.kind == "disband":
        return f"{unit} DISBAND."
    if parsed.kind == "verb":
        there = f" {names.place(parsed.dest)}" if parsed.dest else ""
        return f"{unit} {parsed.verb}{there}."
    if parsed.kind in ("move", "retreat"):
        return f"{unit} -> {names.place(parsed.dest)}{parsed.note}."
    other = _other_unit(power, parsed.target_type, parsed.target, names, units)
    verb = "SUPPORT" if parsed.kind == "support" else "CONVOY"
    if parsed.dest:
        return f"{unit} {verb} {other} -> {names.place(parsed.dest)}."
    return f"{unit} {verb} {other}."


def unordered_sentence(parsed: OrderView, names: Names, units: Units, kind: str) -> str:
    """What the judge did for a unit without orders: ``Army Paris, No Order Processed.``,
    or in an adjustment phase ``Defaults, removing the army in Greece.``"""
    unit_type = names.unit(type_of_unit(parsed.unit_type, parsed.loc, units))
    if kind == "adjustments" and parsed.kind in ("disband", "remove"):
        return f"Defaults, removing the {unit_type.lower()} {names.in_place(parsed.loc)}."
    unit = f"{unit_type} {names.place(parsed.loc)}"
    if parsed.kind in ("disband", "remove"):
        return f"{unit}, No Order Processed (DISBAND)."
    return f"{unit}, No Order Processed."
