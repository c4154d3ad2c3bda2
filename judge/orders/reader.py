"""The parser's core: words and signs of an order, a cursor over them, and the
plug-in points by which order kinds read and interpret their own text.

An order kind's text steps are a :class:`KindSyntax`: the keywords that
introduce it, a reader for its words (after the unit, or at the start of the
order), and an interpreter per phase kind that turns the words into an engine
order in a position.  An :class:`OrderSyntax` gathers the kinds in play with the
:class:`~judge.engine.rules.EngineRules` they check against.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from judge.engine.geography import Geography
from judge.engine.kinds import Board, Order
from judge.engine.rules import EngineRules
from judge.engine.units import Unit, UnitType
from judge.orders.forms import OrderForm
from judge.variant.data import Variant, kept_by_variant
from judge.variant.place_hints import closest_names, on_several_boards

if TYPE_CHECKING:
    from judge.engine.position import Position

END = ""  # the token after the last one of an order
# The class of every standard keyword and sign; a name never spans one of these
# ("mar s" is Marseilles then "support"; "swe - den" is a move).  Unit type
# words ("a", "army") have the class "unit"; order kinds add their own words.
BASE_KEYWORDS: dict[str, str] = {
    word: kind
    for kind, words in (
        ("hold", {"h", "hold", "holds", "holding", "stand", "stands", "stay", "stays"}),
        ("move", {"-", "->", "=>", ">", "to", "into", "move", "moves", "m", "go", "goes"}),
        ("move", {"attack", "attacks"}),
        ("support", {"s", "support", "supports", "sup", "supp"}),
        ("convoy", {"c", "convoy", "convoys", "transport", "transports"}),
        ("retreat", {"r", "retreat", "retreats"}),
        ("disband", {"d", "disband", "disbands"}),
        ("build", {"b", "build", "builds"}),
        # webDiplomacy's destroy; njudge's debuild (po_get.c)
        ("remove", {"remove", "removes", "destroy", "destroys", "debuild"}),
        ("waive", {"waive", "waives", "w"}),
        ("via", {"via", "by"}),
        ("sign", {"/", "(", ")", "+"}),
        ("end", {END}),
    )
    for word in words
}
# Initials with full stops, three or more (``T.S.R.``): read as one word (``TSR``);
# two ("S.A") may be an order's own short words.
_INITIALS = re.compile(r"(?<![\w.])[A-Za-z](?:\.[A-Za-z]){2,}\.?(?![\w.])")
# Signs, then words; "par-bur" is one word here (split later if both are names).
_TOKEN = re.compile(r"->|=>|[-/()=>+]|[^\s\-/()=>+]+(?:-[^\s\-/()=>+]+)*")
# Dashes as mail programs and phones write "-" (hyphens, en and em dashes, minus signs).
DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
# Those dashes, and arrows as they write "->".
_SIGNS = str.maketrans(
    {
        **dict.fromkeys(DASHES, "-"),
        **dict.fromkeys("\u2192\u21d2\u2794\u279c\u27a1\u27f6\u27f9", "->"),
    }
)
_MAX_NAME_WORDS = 6
COAST_STOP = {")", "-", "->", "=>", ">", END}  # tokens that end a coast's name
SHORT_COASTS = {"nc", "sc", "ec", "wc"}
_COAST_OPENERS = SHORT_COASTS | {"/", "("}  # what may begin a coast's name of one word
_ARTICLES = {"the"}  # may stand before a name ("to the North Sea")
_UNIT_PLACE_WORDS = {"in", "at"}  # may stand between a unit's type and its place
_UNIT_ARTICLES = {"the", "a", "an"}  # may stand before a unit's type ("the army in Paris")


@functools.lru_cache(maxsize=65536)
def province_code(variant: Variant, text: str) -> str | None:
    """The province ``text`` names in ``variant`` (remembered), or None."""
    return variant.lookup_province(text)


@kept_by_variant
def _province_names(variant: Variant) -> dict[str, str]:
    return {code: prov.name for code, prov in variant.provinces.items()}


@functools.lru_cache(maxsize=4096)
def coast_code(variant: Variant, text: str) -> str | None:
    """The coast ``text`` names in ``variant`` (remembered), or None."""
    return variant.lookup_coast(text)


class OrderSyntaxError(ValueError):
    """An order whose words cannot be read; ``unknown``: the word it refuses as no
    province, as written (``Pra-Bru``), when it names one."""

    def __init__(self, message: str, unknown: str | None = None) -> None:
        super().__init__(message)
        self.unknown = unknown


def power_named(variant: Variant | None, code: str, adjective: bool = False) -> str:
    """A power as players know it in a reason given to them: its name (``Germany``),
    or its adjective (``German``); its code in title case when the map has none."""
    power = variant.powers.get(code) if variant is not None else None
    if power is None:
        return code.title()
    return (power.adjective if adjective else power.name) or power.name or code.title()


def not_yours(where: str, owner: str, variant: Variant | None) -> str:
    """Why a power cannot order another's unit, naming its owner as players know the
    power: ``the unit in Munich is not yours (it is German)`` (``where``: ``in
    Munich``, or ``at 1:mun:S1901`` on a board of a multiverse)."""
    return f"the unit {where} is not yours (it is {power_named(variant, owner, adjective=True)})"


class Refusal(Exception):
    """An order that is understood but cannot be accepted (the message says why)."""


class Place(NamedTuple):
    """A province named in an order, with the coast the writer gave (if any)."""

    province: str
    coast: str | None = None


class ParsedOrder(NamedTuple):
    """The words of one order, read but not yet checked against a position."""

    action: str  # hold move support convoy retreat disband build remove waive, or a kind's own
    unit_type: UnitType | None = None
    place: Place | None = None
    target_type: UnitType | None = None
    target: Place | None = None
    dest: Place | None = None
    via_convoy: bool = False
    places: tuple[Place, ...] = ()  # further places, for kinds that name several
    alone: bool = False  # a unit and nothing after it (F Bre: not F Bre H)


# ----------------------------------------------------------------- words


def order_tokens(variant: Variant, text: str) -> list[str]:
    """The lower-case words and signs of an order, then the end marker ``END`` (full
    stops, colons and "!" are spaces; an abbreviation of initials, ``T.S.R.``, is one
    word)."""
    text = _INITIALS.sub(lambda m: m[0].replace(".", ""), text)
    text = plain_signs(text.replace(".", " ").replace(":", " ").replace("!", " "))
    tokens: list[str] = []
    for word in text.lower().split():
        if word.isalpha() or word in BASE_KEYWORDS:
            tokens.append(word)  # the usual case: a plain word or a sign on its own
        else:
            for token in _TOKEN.findall(word):
                tokens.extend(_split_hyphenated(variant, token))
    tokens.append(END)
    return tokens


def plain_signs(text: str) -> str:
    """``text`` with the dashes and arrows of mail programs and phones (``–``, ``‐``,
    ``−``, ``→``, ``⇒``) written as ``-`` and ``->``."""
    return text if text.isascii() else text.translate(_SIGNS)


def _split_hyphenated(variant: Variant, token: str) -> list[str]:
    """A token with hyphens as names and move signs (:func:`hyphen_names`); a
    coast may begin it too (``sc-bot`` of ``stp/sc-bot``)."""
    if "-" not in token or not all(token.split("-")):
        return [token]
    return hyphen_names(token, lambda text: province_code(variant, text) is not None, SHORT_COASTS)


def hyphen_names(
    word: str, is_name: Callable[[str], bool], opens: Collection[str] = ()
) -> list[str]:
    """A word with hyphens (none at an end, none doubled) as names and move signs:
    ``par-bur`` is two places and a move; ``mid-atlantic`` is one name.  A word that
    is no name but begins with a name (or with one of ``opens``) or ends with one is
    split too, so that a refusal names the word that is wrong (``bud-srb``, ``mra-spa``);
    any other is one word.  Split, a run of parts that is a name, and not of names
    each (``swe-den`` is two), is kept whole, the longest from the left
    (``bre-mid-atlantic``: ``bre``, ``-``, ``mid-atlantic``); any other part alone."""
    parts = word.split("-")
    named = [is_name(part) for part in parts]
    if not all(named) and (is_name(word) or not (named[0] or parts[0] in opens or named[-1])):
        return [word]
    return _names_and_signs(parts, named, is_name)


def _names_and_signs(
    parts: list[str], named: list[bool], is_name: Callable[[str], bool]
) -> list[str]:
    """The parts of a hyphenated word as names and move signs: a run of parts that is
    a name, and not of names each, kept whole, the longest from the left."""
    spaced: list[str] = []
    start = 0
    while start < len(parts):
        end = len(parts)
        while end > start + 1 and (
            all(named[start:end]) or not is_name("-".join(parts[start:end]))
        ):
            end -= 1
        spaced += ["-".join(parts[start:end]), "-"]
        start = end
    return spaced[:-1]


def dashes_spaced(variant: Variant, text: str, *, names_kept: bool = True) -> str:
    """``text`` with each hyphenated word that is no name of the map taken apart at
    its hyphens as move signs, a run of its parts that is a name kept whole: the
    second reading of an order refused as written, for a dash typed without spaces
    between names of several words (``Irish Sea-English Channel``, ``Mid-Atlantic
    Ocean-North Atlantic Ocean``), which prose words such as ``well-known`` keep
    from being split on a first reading.  Without ``names_kept``, every such word is
    taken apart, names too: Root Z's ``Moscow 2-Sevastopol 2``, whose ``2-sevastopol``
    is itself a spelling of ``Sevastopol 2``."""

    def is_name(part: str) -> bool:
        return province_code(variant, part) is not None

    words = []
    for word in plain_signs(text).split():
        parts = word.split("-")  # as written: a refusal quotes its words
        hyphenated = len(parts) > 1 and all(part.isalnum() for part in parts)
        if hyphenated and not is_name(word):
            word = " ".join(_names_and_signs(parts, [is_name(p) for p in parts], is_name))
        elif hyphenated and not names_kept:
            word = " - ".join(parts)
        words.append(word)
    return " ".join(words)


class LocationForm(Protocol):
    """How a ruleset writes a location when it is more than a name of the map (a
    multiverse game's ``1:mun:S1901``): the reader then takes an order's words and
    places from the form, and the rest of the grammar (the kinds' keywords and
    steps) is the same.  A place the form reads is its own value; the ruleset's
    interpreters know it."""

    def words(self, syntax: OrderSyntax, text: str) -> list[str]:
        """The words and signs of an order, then the end marker ``END``."""
        ...

    def name(self, reader: Reader, start: int) -> tuple[Any, int] | None:
        """The place written from the token ``start`` and how many tokens it takes;
        None when none is written there."""
        ...

    def not_a_place(self, reader: Reader, index: int, what: str) -> str:
        """Why the tokens from ``index`` are refused where ``what`` was expected."""
        ...


def _kind_place_names(places: Mapping[str, str]) -> dict[str, str]:
    """The places off the map a syntax's kinds name (word -> code), each by its
    longest word (``{"orb": "Orbit"}``), for the closest names of a refusal."""
    names: dict[str, str] = {}
    for word, code in places.items():
        if len(word) > len(names.get(code, "")):
            names[code] = word.title()
    return names


class Reader:
    """A cursor over the tokens of one order (the map's names for places; see
    :func:`reader_for` for a syntax with a location form)."""

    __slots__ = ("variant", "text", "tokens", "pos", "keywords", "unit_words", "places")

    def __init__(self, variant: Variant, text: str, syntax: OrderSyntax) -> None:
        self.variant = variant
        self.text = text
        self.tokens = order_tokens(variant, text)
        self.pos = 0
        self.keywords = syntax.keywords
        self.unit_words = syntax.unit_words
        self.places = syntax.places

    def shown(self, index: int) -> str:
        """The token at ``index`` as the player wrote it (for refusals)."""
        token = self.tokens[index]
        if not token:
            return "the end of the order"
        found = re.search(re.escape(token), self.text, re.IGNORECASE)
        return found.group(0) if found else token

    def kind(self) -> str | None:
        """The class of the current token ("end" after the last), None for other words."""
        return self.keywords.get(self.tokens[self.pos])

    def unit(self, what: str) -> tuple[UnitType | None, Place]:
        """An optional unit type, then a place (``what`` names it in errors)."""
        pos = start = self.pos
        if self.tokens[pos] in _UNIT_ARTICLES and self.tokens[pos + 1] in self.unit_words:
            pos = self.pos = pos + 1  # "the army in Paris", "a fleet at Brest"
        unit_type = self.unit_words.get(self.tokens[pos])
        if unit_type is not None:
            # "a" or "f" followed by nothing readable as a place is not a unit type.
            found = self._name(pos + 1)
            if found is not None:
                self.pos = pos + 1
                return unit_type, self._place(found)
            if self.tokens[pos + 1] in _UNIT_PLACE_WORDS:
                found = self._name(pos + 2)  # "Army in Paris", "the fleet at Brest"
                if found is not None:
                    self.pos = pos + 2
                    return unit_type, self._place(found)
            joined = pos == start and self._letter_joined(pos) and not self._name(pos)
            if joined and self._name(pos + 2):
                # "A-Par-Bur": the space after the unit's letter typed as a hyphen
                raise OrderSyntaxError(
                    "write a space, not '-', between the unit and its place: "
                    f"{self.shown(pos)} {self.shown(pos + 2)}"
                )
            if self._name(pos) is None and self.tokens[pos + 1] not in self.keywords:
                # "A Pari": the unit type, then a word that is no place: name that word.
                raise self.no_place(pos + 1, what)
        return None, self.place(what)

    def _letter_joined(self, pos: int) -> bool:
        """Whether the unit's letter at ``pos`` is written joined to a hyphen after it
        (``A-Par``), not apart (``a - Greece``)."""
        token = self.tokens[pos]
        joined = f" {token}-" in f" {self.text.lower()}"
        return len(token) == 1 and self.tokens[pos + 1] == "-" and joined

    def place(self, what: str) -> Place:
        """A province name and the coast written after it, if any."""
        found = self._name(self.pos)
        if found is None:
            raise self.no_place(self.pos, what)
        return self._place(found)

    def no_place(self, index: int, what: str) -> OrderSyntaxError:
        """The refusal of the token at ``index`` where ``what`` was expected: a word
        that is no province is named as such (its ``unknown``), with the closest names."""
        token = self.tokens[index]
        if not token or token in self.keywords:
            return OrderSyntaxError(f"expected {what}, found '{self.shown(index)}'")
        names = _province_names(self.variant)
        if self.places:  # a kind's own places too (Outer Space's orbit)
            names = {**names, **_kind_place_names(self.places)}
        shown = self.shown(index)
        several = on_several_boards(names, shown, self.text.strip())
        if several:
            return OrderSyntaxError(several)
        return OrderSyntaxError(
            f"'{shown}' is not a province{closest_names(names, token)}", unknown=shown
        )

    def skip_to(self) -> None:
        """Skip what may stand between a move word and its destination: the "to" of
        "move to", "retreats to", "goes to", the "into" of "moves into", the second
        sign of a doubled arrow ("--", ">>", "-->"); one such word or sign."""
        token = self.tokens[self.pos]
        if self.keywords.get(token) == "move" and not (token == self.tokens[self.pos - 1] == "to"):
            self.pos += 1

    def place_length(self, index: int) -> int:
        """How many tokens from ``index`` name a place (a province, or a kind's place
        off the map); 0 when they name none."""
        found = self._name(index)
        return 0 if found is None else found[1]

    def _place(self, found: tuple[Any, int]) -> Place:
        code, length = found
        self.pos = pos = self.pos + length
        after = self.tokens[pos]
        if after in COAST_STOP:
            return Place(code)  # the usual case: nothing after the name
        if after in self.keywords and after not in _COAST_OPENERS:
            # A keyword ("s", "h", "via") is a coast only as the first of two words.
            then = self.tokens[pos + 1]
            if then in COAST_STOP or coast_code(self.variant, f"{after} {then}") is None:
                return Place(code)
        return Place(code, self._coast())

    def _name(self, start: int) -> tuple[Any, int] | None:
        """The province named by the longest run of tokens from ``start``, and its length."""
        tokens, keywords = self.tokens, self.keywords
        token = tokens[start]
        if token not in keywords and tokens[start + 1] in keywords:
            code = province_code(self.variant, token)  # the usual case: a name of one word
            return None if code is None else (code, 1)
        if token == END:
            return None
        if keywords.get(tokens[start]) == "place":
            return self.places[tokens[start]], 1  # a place off the map (a kind's own)
        # Only a run of plain words can be a name of several words.
        run = 1
        if tokens[start] not in keywords:
            while run < _MAX_NAME_WORDS and tokens[start + run] not in keywords:
                run += 1
        for length in range(run, 0, -1):
            words = tokens[start] if length == 1 else " ".join(tokens[start : start + length])
            code = province_code(self.variant, words)
            if code is not None:
                return code, length
        if token in _ARTICLES and run > 1:
            # "to the English Channel": the article, then a name ("The Hague", a
            # name of its own, was tried whole above).
            found = self._name(start + 1)
            if found is not None:
                return found[0], found[1] + 1
        return None

    def _coast(self) -> str | None:
        """A coast after a name: ``/nc``, ``(nc)``, ``nc``, ``north coast``, ``(north)``."""
        tokens, first = self.tokens, self.pos
        if tokens[first] in COAST_STOP:
            return None
        bracketed = tokens[first] in ("/", "(")
        first += bracketed
        end, found = first, None
        while end < first + 2 and tokens[end] not in COAST_STOP:
            end += 1
            text = " ".join(tokens[first:end])
            if not bracketed and end == first + 1 and text not in SHORT_COASTS:
                continue  # a bare "s" or "north" is more likely a keyword or a name
            coast = coast_code(self.variant, text)
            if coast is None:
                continue
            # After "/" or "(" a name that ends at ")" (or "-", or the end) is preferred:
            # "(south coast)", not "(south" then "coast)"; but "/nc s ..." is "/nc" and "s".
            at_stop = tokens[end] in COAST_STOP
            if found is None or at_stop:
                found = (coast, end)
            if not bracketed or at_stop:
                break
        if found is None:
            return None
        coast, end = found
        self.pos = end + (bracketed and tokens[end] == ")")
        return coast

    def expect_end(self) -> None:
        """Refuse anything left after a complete order."""
        if self.tokens[self.pos] != END:
            rest = " ".join(self.shown(i) for i in range(self.pos, len(self.tokens) - 1))
            raise OrderSyntaxError(f"did not understand '{rest}' at the end")


class FormReader(Reader):
    """A cursor over the tokens of one order whose places are written in the
    syntax's location form (:class:`LocationForm`): the form gives the words and
    reads each place; the grammar around them is the reader's."""

    __slots__ = ("form",)

    def __init__(self, variant: Variant, text: str, syntax: OrderSyntax) -> None:
        form = syntax.locations
        assert form is not None
        self.form = form
        self.variant = variant
        self.text = text
        self.tokens = form.words(syntax, text)
        self.pos = 0
        self.keywords = syntax.keywords
        self.unit_words = syntax.unit_words
        self.places = syntax.places

    def no_place(self, index: int, what: str) -> OrderSyntaxError:
        token = self.tokens[index]
        if not token or self.keywords.get(token, "sign") != "sign":
            return OrderSyntaxError(f"expected {what}, found '{self.shown(index)}'")
        # a sign may begin a form's place
        return OrderSyntaxError(self.form.not_a_place(self, index, what))

    def _place(self, found: tuple[Any, int]) -> Any:
        place, length = found
        self.pos += length
        return place  # the form's place, its coast included

    def _name(self, start: int) -> tuple[Any, int] | None:
        return self.form.name(self, start)


def reader_for(variant: Variant, text: str, syntax: OrderSyntax) -> Reader:
    """A reader of one order written in ``syntax`` (in its location form, if any)."""
    if syntax.locations is None:
        return Reader(variant, text, syntax)
    return FormReader(variant, text, syntax)


# ------------------------------------------------------------- positions


class CheckPosition:
    """The parts of a position that order checking needs (read, never changed)."""

    variant: Variant
    locations: Mapping[str, tuple[str, ...]]
    kind: str
    units: Mapping[Any, Unit]
    dislodged: Mapping[Any, Unit]
    options: Mapping[Any, list[Any]]
    owner: Mapping[str, str]
    position: Position
    """The same position as the engine's hooks read it (where a power may build, how
    many builds or removals it owes)."""

    def unit_in(self, province: str, dislodged: bool = False) -> str | None:
        """The location of the unit in a province (any coast), if one is there."""
        pool = self.dislodged if dislodged else self.units
        for loc in self.locations[province]:
            if loc in pool:
                return loc
        return None


class Context:
    """What an order kind's interpreter works with: the position, the power, the rules."""

    __slots__ = ("variant", "pos", "power", "syntax", "geo", "board", "memo")

    def __init__(
        self,
        variant: Variant,
        pos: CheckPosition,
        power: str,
        syntax: OrderSyntax,
        board: Board | None = None,
    ):
        self.variant = variant
        self.pos = pos
        self.power = power
        self.syntax = syntax
        self.memo: dict[str, Any] = {}
        """What interpreters note while one batch of a power's orders is read (e.g.
        which of several interchangeable units earlier orders of the batch took)."""
        self.geo: Geography = syntax.engine.geography(variant) if board is None else board.geo
        """The geography of the variant under the rules in play."""
        if board is None:
            board = Board(self.geo, pos.units, syntax.engine.order_kinds)
        self.board = board
        """What the legality of a movement order looks at (the powers of one phase
        may share it: it depends on the position only)."""

    def own_unit(self, place: Place, dislodged: bool = False) -> str:
        """The location of the power's unit in ``place``; Refusal when there is none."""
        pos = self.pos
        loc = pos.unit_in(place.province, dislodged)
        if loc is None:
            name = self.variant.provinces[place.province].name
            if dislodged and pos.unit_in(place.province):
                raise Refusal(f"the unit in {name} was not dislodged and has no retreat to make")
            raise Refusal(f"there is no unit in {name}" + (" to retreat" if dislodged else ""))
        unit = (pos.dislodged if dislodged else pos.units)[loc]
        if unit.power != self.power:
            name = self.variant.provinces[place.province].name
            raise Refusal(not_yours(f"in {name}", unit.power, self.variant))
        return loc

    def destination(self, unit_type: UnitType, src: str, place: Place) -> str:
        """The exact location a unit moves to: coasts matter only for the fleet adjacency."""
        variant = self.variant
        province = place.province
        if unit_type.adjacency != "fleet":
            return province
        coasts = variant.coasts_of(province)
        if not coasts:
            return province
        if place.coast in coasts:
            return f"{province}/{place.coast}"
        geo = self.geo
        reachable = [
            loc for loc in variant.fleet_locations(province) if geo.can_move(unit_type, src, loc)
        ]
        if len(reachable) == 1:
            return reachable[0]
        name = variant.provinces[province].name
        if not reachable:
            return f"{province}/{coasts[0]}"  # unreachable either way: legality says why
        listed = " or ".join(variant.location_name(loc) for loc in reachable)
        raise Refusal(f"say which coast of {name}: {listed}")


# --------------------------------------------------------------- plug-ins

ActionReader = Callable[[Reader, str, "UnitType | None", Place], ParsedOrder]
"""Reads the rest of an order after its unit and keyword (given: the keyword's class)."""
LeadReader = Callable[[Reader, str], ParsedOrder]
"""Reads an order that starts with a keyword (given: its class), after that keyword."""
Interpreter = Callable[[Context, ParsedOrder], Order]
"""Turns words into an engine order in a position; raises Refusal."""


@dataclass(frozen=True)
class KindSyntax:
    """The text steps of one order kind (or of kinds sharing their words).

    ``keywords``: words and the token class they have (a name never spans one);
    ``after_unit``: token class -> reader of what follows the unit and keyword;
    ``leading``: token class -> reader of an order that starts with that keyword;
    ``interpret``: (phase kind ``M``/``R``/``A``, action) -> interpreter.  In a
    movement phase the interpreted order is then checked for legality by its kind.
    ``places``: words that name a place off the map (word -> the code a
    :class:`Place` then carries as its province; such a word is a keyword of the
    class ``place``), for kinds whose units stand outside the provinces.
    ``forms``: how players write the kind's orders (HELP and the start mail).
    ``openers``: words that begin an order (word -> the ``leading`` class) and are
    no keyword anywhere else, for a word the map uses too (Colonial's ``SC``, njudge's
    Suez Canal, is also the south coast's code).
    """

    name: str
    keywords: Mapping[str, str] = field(default_factory=dict)
    places: Mapping[str, str] = field(default_factory=dict)
    after_unit: Mapping[str, ActionReader] = field(default_factory=dict)
    leading: Mapping[str, LeadReader] = field(default_factory=dict)
    openers: Mapping[str, str] = field(default_factory=dict)
    interpret: Mapping[tuple[str, str], Interpreter] = field(default_factory=dict)
    forms: tuple[OrderForm, ...] = ()


class OrderSyntax:
    """The order kinds' text steps in play, and the engine rules they check against."""

    locations: LocationForm | None = None
    """The ruleset's form of locations (None: the map's names, with a coast)."""

    def __init__(self, engine: EngineRules, kinds: Iterable[KindSyntax]) -> None:
        self.engine = engine
        self.kinds = tuple(kinds)
        self.keywords: dict[str, str] = dict(BASE_KEYWORDS)
        self.unit_words: dict[str, UnitType] = {}
        for unit_type in engine.unit_types:
            for word in (unit_type.value.lower(), unit_type.word):
                self._add_keyword(word, "unit", f"unit type {unit_type.value}")
                self.unit_words[word] = unit_type
        self.after_unit: dict[str, ActionReader] = {}
        self.leading: dict[str, LeadReader] = {}
        self.interpreters: dict[tuple[str, str], Interpreter] = {}
        self.places: dict[str, str] = {}
        self.openers: dict[str, str] = {}
        for kind in self.kinds:
            self.openers.update(kind.openers)
            for word, token_class in kind.keywords.items():
                self._add_keyword(word, token_class, kind.name)
            for word, code in kind.places.items():
                self._add_keyword(word, "place", kind.name)
                self.places[word] = code
            self.after_unit.update(kind.after_unit)
            self.leading.update(kind.leading)
            self.interpreters.update(kind.interpret)
        self.forms: tuple[OrderForm, ...] = tuple(f for kind in self.kinds for f in kind.forms)

    def _add_keyword(self, word: str, token_class: str, owner: str) -> None:
        known = self.keywords.get(word)
        if known is not None and known != token_class:
            raise ValueError(f"{owner}: the word {word!r} already means {known!r}")
        self.keywords[word] = token_class

    def extended(self, engine: EngineRules, *kinds: KindSyntax) -> OrderSyntax:
        """These kinds and more, checked against ``engine``."""
        return OrderSyntax(engine, self.kinds + kinds)

    def with_locations(self, form: LocationForm) -> OrderSyntax:
        """These kinds, with places written in ``form``."""
        syntax = OrderSyntax(self.engine, self.kinds)
        syntax.locations = form
        return syntax

    def __repr__(self) -> str:
        return f"<OrderSyntax {self.engine.name}: {', '.join(k.name for k in self.kinds)}>"
