"""The multiverse's location forms: how a place on a board is written.

A location is ``timeline:province:turn``.  The timeline is a number, a NATO
word or its initial (``alfa``/``a`` = 1, ``bravo``/``b`` = 2, ... ``zulu`` = 26),
and past 26 the word takes a suffix as 5dplomacy writes it: ``alfaprime`` = ``a1``
= 27, ``bravoprime`` = ``b1`` = 28, ``alfasecond`` = ``a2`` = 53, and so on.  The
turn is ``S1902``, ``F02``, ``Fall02``, ``Spring 1902``, ``fall 1902``
(case-insensitive); the province is written as in standard orders (5dplomacy's
codes such as ``NWS``, ``ENC``, ``IOS`` are aliases of the map), with a coast
after ``/`` or in brackets; ``stp/wc`` is 5dplomacy's name for St Petersburg's
south coast.  The timeline, the turn or both may be left out (``2:par``,
``par:F1902``, ``par``): :mod:`judge.rules.multiverse.order_text` finds the board
in the world.  A 5dplomacy game also reads its MDATC form, the province then
``turn:timeline`` counted from 0 (``Munich 2:0``).

Orders are read by the one order reader (:mod:`judge.orders.reader`, the standard
kinds' words and steps) with these places: :class:`BoardLocations` is the
multiverse's :class:`~judge.orders.reader.LocationForm`, and :func:`order_syntax`
the reader's syntax for a world.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.units import UnitType
from judge.orders.reader import (
    END,
    KindSyntax,
    OrderSyntax,
    OrderSyntaxError,
    Reader,
    hyphen_names,
    plain_signs,
)
from judge.orders.reader import ParsedOrder as ReadOrder
from judge.orders.standard import (
    STANDARD_KINDS,
    STANDARD_SYNTAX,
    WAIVE_ONE_BUILD,
    read_no_build,
)
from judge.orders.text import parse_order as read_order_text
from judge.rules.multiverse.basemap import BaseMap, base_map_for
from judge.rules.multiverse.keys import Season
from judge.variant.place_hints import closest_names

NATO = [
    "alfa",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliett",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "quebec",
    "romeo",
    "sierra",
    "tango",
    "uniform",
    "victor",
    "whiskey",
    "xray",
    "yankee",
    "zulu",
]
_NATO_INDEX = {word: i + 1 for i, word in enumerate(NATO)}
_NATO_INDEX.update({"alpha": 1, "juliet": 10, "x-ray": 24})
_INITIALS = {word[0]: i + 1 for i, word in enumerate(NATO)}
# the word suffixes of timelines past the 26th (5dplomacy: bravoprime = b1)
SUFFIXES = ["", "prime", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
_SUFFIX_INDEX = {word: i for i, word in enumerate(SUFFIXES) if word}
_NAMED_TIMELINE_RE = re.compile(
    r"^(?P<word>[a-z]+?|x-ray)[\s_-]*(?P<suffix>" + "|".join(SUFFIXES[1:]) + r")?$"
)
_INITIAL_TIMELINE_RE = re.compile(r"^(?P<initial>[a-z])(?P<suffix>\d{1,2})?$")
# coasts named otherwise in some notations: 5dplomacy calls St Petersburg's south coast "wc"
_COAST_SYNONYMS = {("stp", "wc"): "sc"}

# 5dplomacy's MDATC writes a location as province, then turn:timeline: "Munich 1:0"
_MDATC_RE = re.compile(r"^(?P<where>.*\S)\s+(?P<turn>\d+)\s*:\s*(?P<timeline>\d+)$")
# a place as the reference game's reports write it: "Munich (timeline 1, Spring 1901)",
# "Munich (timeline 1)"
_WORDED_RE = re.compile(
    r"^(?P<where>.*?\S)\s*\(\s*timeline\s+(?P<timeline>[^,()\s]+)\s*(?:,\s*(?P<turn>[^()]*?))?\s*\)$"
)
# reads MDATC's (turn, timeline) numbers into the judge's timeline and (year, season)
Numbered = Callable[[int, int], tuple[int, tuple[int, int]]]

_TURN_RE = re.compile(r"^(spring|fall|autumn|winter|s|f|w|a)\s*(?:of\s+)?(\d{2}|\d{4})$")
_SEASONS = {
    "s": Season.SPRING,
    "spring": Season.SPRING,
    "f": Season.FALL,
    "fall": Season.FALL,
    "a": Season.FALL,
    "autumn": Season.FALL,
    "w": Season.WINTER,
    "winter": Season.WINTER,
}
_COASTS = {
    "nc": "nc",
    "n": "nc",
    "north": "nc",
    "north coast": "nc",
    "sc": "sc",
    "s": "sc",
    "south": "sc",
    "south coast": "sc",
    "ec": "ec",
    "e": "ec",
    "east": "ec",
    "east coast": "ec",
    "wc": "wc",
    "w": "wc",
    "west": "wc",
    "west coast": "wc",
}


class NotationError(ValueError):
    """An order that cannot be read or does not name a unique unit or board."""


@dataclass(frozen=True)
class Place:
    """A location as written: any of timeline, turn and coast may be missing."""

    timeline: int | None
    province: str
    coast: str | None
    turn: tuple[int, int] | None  # (year, season)
    written: str
    numbered: tuple[int, int] | None = None  # MDATC's (turn, timeline), read in the world
    before: str = ""  # the timeline written in front of the order that gave this one


# ---------------------------------------------------------------- pieces


def parse_timeline(text: str) -> int | None:
    """``"2"``, ``"bravo"``, ``"b"`` -> 2; ``"bravoprime"``, ``"b1"`` -> 28; else None."""
    text = text.strip().lower()
    if text.isdigit():
        number = int(text)
        return number if number >= 1 else None
    named = _NAMED_TIMELINE_RE.match(text)
    if named and named.group("word") in _NATO_INDEX:
        suffix = _SUFFIX_INDEX.get(named.group("suffix") or "", 0)
        return _NATO_INDEX[named.group("word")] + len(NATO) * suffix
    initial = _INITIAL_TIMELINE_RE.match(text)
    if initial and initial.group("initial") in _INITIALS:
        suffix = int(initial.group("suffix") or 0)
        return _INITIALS[initial.group("initial")] + len(NATO) * suffix
    return None


def _timeline(text: str, fived: bool) -> int | None:
    """A timeline as :func:`parse_timeline` reads it; but in a game of the reference
    rules ``T1``, ``T2`` are timelines 1 and 2, as that game labels its timelines
    (5dplomacy reads ``t1`` as tangoprime, its 46th)."""
    written = text.strip().lower()
    if not fived and written[:1] == "t" and written[1:].isdigit():
        return int(written[1:]) or None
    return parse_timeline(text)


def timeline_name(number: int) -> str:
    """The name of a timeline number: ``2`` -> ``bravo``, ``28`` -> ``bravoprime``.

    Numbers beyond the named suffixes are written as numbers.
    """
    if number < 1:
        return str(number)
    suffix, word = divmod(number - 1, len(NATO))
    if suffix >= len(SUFFIXES):
        return str(number)
    return NATO[word] + SUFFIXES[suffix]


def parse_turn(text: str, century: int = 1900) -> tuple[int, int] | None:
    """``"F02"``, ``"fall 1902"``, ``"S1902"`` -> ``(1902, season)``; None if not a turn."""
    match = _TURN_RE.match(" ".join(text.strip().lower().split()))
    if not match:
        return None
    season, year = _SEASONS[match.group(1)], match.group(2)
    number = int(year) if len(year) == 4 else century + int(year)
    return number, int(season)


def parse_place(base: BaseMap, text: str, numbered: Numbered | None = None) -> Place:
    """Read ``[timeline:]province[/coast][:turn]``; raises NotationError.

    ``numbered`` reads 5dplomacy's MDATC form ``province turn:timeline`` (``Munich
    1:0``: both numbers counted from 0) into the judge's timeline and turn; without it
    (the reference rules) that form is refused with the reason."""
    place = read_place(base, text, numbered is not None)
    if place.numbered is None or numbered is None:
        return place
    timeline, turn = numbered(*place.numbered)
    return replace(place, timeline=timeline, turn=turn, numbered=None)


def read_place(base: BaseMap, text: str, mdatc: bool) -> Place:
    """Read a place as :func:`parse_place` does, MDATC's numbers (read when
    ``mdatc``) kept as written, for the world to place."""
    written = text.strip()
    found = _MDATC_RE.match(" ".join(written.split()))
    if found:
        if not mdatc:
            raise NotationError(
                f"{written!r} is 5dplomacy's province turn:timeline, read in 5dplomacy games"
                " only: write timeline:province:turn"
            )
        province, coast = _province_and_coast(base, found["where"])
        numbers = (int(found["turn"]), int(found["timeline"]))
        return Place(None, province, coast, None, written, numbers)
    worded = _WORDED_RE.match(" ".join(written.lower().split()))
    if worded:
        written = f"{worded['timeline']}:{worded['where']}" + (
            f":{worded['turn']}" if worded["turn"] else ""
        )
    parts = [p.strip() for p in written.split(":")]
    timeline: int | None = None
    turn: tuple[int, int] | None = None
    if len(parts) == 3:
        timeline, turn = _timeline(parts[0], mdatc), parse_turn(parts[2])
        if timeline is None:
            raise NotationError(
                f"{parts[0]!r} is not a timeline (write a number or alfa, bravo...)"
            )
        if turn is None:
            raise NotationError(f"{parts[2]!r} is not a turn (write e.g. S1902, F02, Fall 1902)")
        where = parts[1]
    elif len(parts) == 2:
        if parse_turn(parts[1]) is not None:
            where, turn = parts[0], parse_turn(parts[1])
        elif (timeline := _timeline(parts[0], mdatc)) is not None:
            where = parts[1]
        else:
            raise NotationError(
                f"{written!r}: write timeline:province:turn, timeline:province or province:turn"
            )
    elif len(parts) == 1:
        where = parts[0]
        if mdatc and (found := _compact(base, where)) is not None:
            timeline, where = found
    else:
        raise NotationError(f"{written!r} has too many ':' (write timeline:province:turn)")
    province, coast = _province_and_coast(base, where)
    return Place(timeline, province, coast, turn, written)


# 5dplomacy's compact board and province (its docs/design.md): "a-MUN", "bravo-Spa/nc".
_COMPACT_RE = re.compile(r"^(?P<timeline>[a-z]+\d*)\s*-\s*(?P<where>\S.*)$", re.IGNORECASE)


def _compact(base: BaseMap, text: str) -> tuple[int, str] | None:
    """The timeline and the province's words of 5dplomacy's ``a-MUN``, or None when
    ``text`` is not so written (or is one name, as ``mid-atlantic``)."""
    found = _COMPACT_RE.match(text)
    if found is None or base.lookup(" ".join(text.lower().split())) is not None:
        return None
    timeline = parse_timeline(found["timeline"])
    if timeline is None:
        return None
    try:
        _province_and_coast(base, found["where"])
    except NotationError:
        return None
    return timeline, found["where"]


def compact_unit_letter(place: Place) -> UnitType | None:
    """The unit type whose letter opens a place written in 5dplomacy's compact form
    (``A-Mun``: board alfa's Munich, or an army in Munich to a player who left out
    the space), else None."""
    found = _COMPACT_RE.match(place.written)
    return None if found is None else _LETTER_TYPES.get(found["timeline"].lower())


_LETTER_TYPES = {"a": UnitType.ARMY, "f": UnitType.FLEET}


def _province_and_coast(base: BaseMap, text: str) -> tuple[str, str | None]:
    text = " ".join(text.lower().split())
    if not text:
        raise NotationError("a province is missing")
    found = base.lookup(text)
    if found is not None:
        return found, None
    match = re.match(r"^(.*?)\s*(?:/\s*|\(\s*)([a-z .]+?)\s*\)?$", text)
    candidates = []
    if match:
        candidates.append((match.group(1), match.group(2)))
    words = text.split()
    for cut in (1, 2):
        if len(words) > cut:
            candidates.append((" ".join(words[:-cut]), " ".join(words[-cut:])))
    for name, coast_text in candidates:
        province = base.lookup(name)
        coast = _COASTS.get(coast_text.strip(" ."))
        coast = _COAST_SYNONYMS.get((province, coast), coast)
        if province is not None and coast is not None:
            if f"{province}/{coast}" not in base.locations.get(province, ()):
                raise NotationError(f"{base.name(province)} has no {coast_text.strip()} coast")
            return province, coast
    hint = closest_names(base.province_names, text) if base.province_names else ""
    raise NotationError(f"{text!r} is not a province{hint}")


# ------------------------------------------------------- the reader's form


class BoardLocations:
    """The multiverse's form of locations for the order reader
    (:class:`judge.orders.reader.LocationForm`): a place is the run of words up to
    the next keyword, read by :func:`read_place` (``1:mun:S1901``, ``1 : mun :
    Spring 1901``, ``mun``, ``2:spa (nc)``, ``Munich 1:0`` in a 5dplomacy game).
    Move signs split a word: ``1:par:S1901-1:bur:S1901`` is a move, as is
    ``Bud-Srb`` (so that the refusal names ``srb``), but ``mid-atlantic`` is a name."""

    def __init__(self, base: BaseMap, mdatc: bool) -> None:
        self.base, self.mdatc = base, mdatc

    def words(self, syntax: OrderSyntax, text: str) -> list[str]:
        """The words of an order as the notation writes them: lower case, spaces
        closed up, a bracket against the name before it, a final full stop or "!" dropped."""
        low = " ".join(plain_signs(text).strip().lower().rstrip(".!").split())
        if "(" in low:
            low = _CONVOY_ASKED.sub(" via convoy ", low).strip()  # "(via convoy)", "(convoy)"
            low = low.replace("(", " (").replace(" (", "(")
        keywords = syntax.keywords
        tokens: list[str] = []
        for word in low.split():
            if word in keywords:
                tokens.append(word)
                continue
            for piece in _ARROW.split(word):
                if piece in ("->", "=>", ">"):
                    tokens.append(piece)
                elif piece:
                    tokens.extend(self._hyphenated(piece))
        tokens.append(END)
        return tokens

    def _hyphenated(self, word: str) -> list[str]:
        """A word with a hyphen: the places on either side and move signs, unless it
        is one name (``mid-atlantic``), or no place begins or ends it; a hyphen at an
        end or doubled is a sign."""
        parts = word.split("-")
        if len(parts) == 1:
            return [word]
        if all(parts):
            return hyphen_names(word, self._is_place)
        tokens: list[str] = []
        for part in parts:
            if part:
                tokens.append(part)
            if not tokens or tokens[-1] != "-":
                tokens.append("-")
        return tokens[:-1] if parts[-1] else tokens

    def _is_place(self, text: str) -> bool:
        try:
            read_place(self.base, text, self.mdatc)
        except NotationError:
            return False
        return True

    def _run(self, reader: Reader, start: int) -> str:
        """The words from ``start`` up to the next keyword; signs (``/``, brackets)
        belong to a place here (``spa / nc``, ``1:spa ( nc ):S1901``)."""
        tokens, keywords = reader.tokens, reader.keywords
        end = start + 1
        if keywords.get(tokens[start], "sign") == "sign":
            while keywords.get(tokens[end], "sign") == "sign":
                end += 1
        return " ".join(tokens[start:end])

    def name(self, reader: Reader, start: int) -> tuple[Place, int] | None:
        """The place written by the words from ``start`` up to the next keyword, else
        by the most of them that read as one before plain words (``burgundy`` of
        webDiplomacy's ``to burgundy from paris``; never before a board, as in
        ``munich 0:0``), after "the" too (``to the english channel``)."""
        if reader.tokens[start] == END:
            return None
        words = self._run(reader, start).split(" ")
        for length in range(len(words), 0, -1):
            if length < len(words) and ":" in words[length]:
                break  # a board after the name: the whole is the place meant
            try:
                place = read_place(self.base, " ".join(words[:length]), self.mdatc)
            except NotationError:
                continue
            return place, length
        if words[0] == _ARTICLE and len(words) > 1:
            found = self.name(reader, start + 1)
            if found is not None:
                return found[0], found[1] + 1
        return None

    def not_a_place(self, reader: Reader, index: int, what: str) -> str:
        """The notation's reason the words from ``index`` are no place (for a
        move written without spaces, ``pra-bru``, its first part that is none)."""
        written = self._run(reader, index)
        parts = written.split("-")
        if len(parts) > 1 and all(part.isalnum() for part in parts):
            written = next((part for part in parts if not self._is_place(part)), written)
        try:
            read_place(self.base, written, self.mdatc)
        except NotationError as exc:
            return str(exc)
        return f"expected {what}"  # pragma: no cover - name() read it


_ARROW = re.compile(r"(->|=>|>)")
# A convoy asked for in brackets after a move, as the standard reader takes it
# ("(via convoy)", "(by sea)", "(convoy)").
_CONVOY_ASKED = re.compile(r"\(\s*(?:(?:via|by)\s+)?(?:convoy|sea)\s*\)")
_ARTICLE = "the"  # may stand before a name ("to the English Channel")


def _read_waive(reader: Reader, kind: str) -> ReadOrder:
    """``waive``; after the whole word, anything (a board, as some players write) is
    passed over, but for a number alone: njudge's ``WAIVE 2`` waives two builds (it
    was read as a waive on timeline 2), refused with the form to write."""
    rest = reader.tokens[reader.pos : -1]
    if rest in (["1"], ["one"]):
        return ReadOrder("waive")
    if len(rest) == 1 and rest[0].isdigit():
        raise OrderSyntaxError(WAIVE_ONE_BUILD.format(count=rest[0]) + " (a waive names no board)")
    if reader.tokens[reader.pos - 1] != "waive" and reader.kind() != "end":
        raise OrderSyntaxError("'waive' takes nothing after it")
    return ReadOrder("waive")


_KINDS = (
    *(kind for kind in STANDARD_KINDS if kind.name != "waive"),
    KindSyntax(
        "waive",
        leading={"waive": _read_waive, "no build": read_no_build},
        openers={"no": "no build"},
    ),
)


@functools.lru_cache(maxsize=16)
def _syntax(variant: str, mdatc: bool) -> OrderSyntax:
    form = BoardLocations(base_map_for(variant), mdatc)
    return OrderSyntax(STANDARD_SYNTAX.engine, _KINDS).with_locations(form)


def order_syntax(base: BaseMap, fived: bool) -> OrderSyntax:
    """The order reader's syntax for a multiverse world on ``base``: the standard
    kinds (a waive may name its board), places written as board locations (and
    MDATC's ``Munich 1:0`` in a 5dplomacy world)."""
    return _syntax(base.variant.name, fived)


def read_words(base: BaseMap, text: str, fived: bool) -> ReadOrder:
    """The words of one order, read by the order reader; raises NotationError.

    An order that does not read as written but after a timeline in front of it
    (:func:`timeline_in_front`: ``bravo: A mun - tyr``) has each place that names
    no board of its own on that timeline (its active board, found in the world)."""
    try:
        return _read(base, text, fived)
    except NotationError as exc:
        front = timeline_in_front(text, fived)
        if front is None:
            number = _number_in_front(base, text, fived)
            if number is not None:
                raise NotationError(number) from None
            raise
        try:
            words = _read(base, front.rest, fived)
        except NotationError:
            if front.glued:  # "bravo:A xyz": perhaps no timeline at all; as written
                raise exc from None
            raise
    return _on_timeline(words, front)


def _read(base: BaseMap, text: str, fived: bool) -> ReadOrder:
    try:
        return read_order_text(base.variant, text, order_syntax(base, fived))
    except OrderSyntaxError as exc:
        raise NotationError(str(exc)) from None


# A timeline in front of an order: "bravo: A mun - tyr", "T3 A mun H", "Timeline 2: ...".
_IN_FRONT_RE = re.compile(
    r"^\s*(?P<word>timeline\s+)?(?P<timeline>[^\s:]+)(?P<space>\s*)(?P<colon>:?)(?P<after>\s*)"
    r"(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)


_UNIT_LETTERS = ("a", "f")  # initials of timelines 1 and 6, and letters of units
_UNIT_WORDS = ("a", "f", "army", "fleet")


@dataclass(frozen=True)
class InFront:
    """A timeline written in front of an order, and the order after it."""

    timeline: int
    written: str  # the timeline as written ("bravo", "T3", "2")
    rest: str
    glued: bool  # the order written against the colon ("bravo:A mun H")
    turn: tuple[int, int] | None = None  # 5dplomacy's turn after it ("bravo:Fall01:")
    turn_written: str = ""

    @property
    def prefix(self) -> str:
        """The timeline (and turn) as written in front, without the last colon."""
        return f"{self.written}:{self.turn_written}" if self.turn_written else self.written


def timeline_in_front(text: str, fived: bool) -> InFront | None:
    """The timeline written in front of an order, as players of 5D Diplomacy write
    the board of an order: ``2:``, ``T3:`` (the reference game's labels), ``bravo:``,
    ``b:`` (5dplomacy's names), ``Timeline 3:``; without the colon a NATO word
    (``bravo A mun - tyr``), a T label or a timeline after ``Timeline``; ``a`` and
    ``f``, letters of units too, only before a unit (``a: A mun H``, not ``A: mun H``).
    None when the text begins with none of these (the rest is not read here)."""
    found = _IN_FRONT_RE.match(text)
    if found is None:
        return None
    written = found["timeline"]
    timeline = _timeline(written, fived)
    if timeline is None:
        return None
    if not (found["colon"] or found["word"]):
        word = _NAMED_TIMELINE_RE.match(written.lower())
        label = not fived and written[:1] in "tT" and written[1:].isdigit()
        if not (label or (word and word["word"] in _NATO_INDEX)) or not found["space"]:
            return None
    front = InFront(timeline, written, found["rest"], bool(found["colon"]) and not found["after"])
    if fived and found["colon"]:
        front = _turn_in_front(front)
    if written.lower() in _UNIT_LETTERS and front.rest.split()[0].lower() not in _UNIT_WORDS:
        return None  # "A: mun H" is an army, not timeline alfa
    return front


# 5dplomacy's turn after the timeline in front, as it names a board: "bravo:Fall01: ..."
_TURN_IN_FRONT_RE = re.compile(
    r"^(?P<turn>[a-z]+\s*\d{2,4})\s*:(?P<after>\s*)(?P<rest>\S.*)$", re.I | re.S
)


def _turn_in_front(front: InFront) -> InFront:
    """The front with 5dplomacy's turn read from what follows the timeline
    (``bravo:Fall01: A mun - tyr``, the board as 5dplomacy names it), if written."""
    found = _TURN_IN_FRONT_RE.match(front.rest)
    turn = parse_turn(found["turn"]) if found else None
    if found is None or turn is None:
        return front
    glued = not found["after"]
    return replace(front, rest=found["rest"], glued=glued, turn=turn, turn_written=found["turn"])


def order_after_front(text: str) -> str | None:
    """What follows a timeline or a bare number written in front of an order, in
    either game's notation (``bravo: A mnu - tyr``, ``2 A mun H``), so that its shape
    may be asked; None when the text begins with neither."""
    front = timeline_in_front(text, False) or timeline_in_front(text, True)
    if front is not None:
        return front.rest
    found = _NUMBER_IN_FRONT_RE.match(text)
    return found["rest"] if found else None


def front_carried(base: BaseMap, texts: list[str], fived: bool) -> list[str]:
    """A line's orders with the timeline written in front of one carried to the
    orders after it that write none (``bravo: A mun - tyr, A ber - kie``): the player
    means the line on that timeline, not the second order on another board."""
    carried: list[str] = []
    front: InFront | None = None
    for text in texts:
        own = timeline_in_front(text, fived)
        if own is not None and _reads_as_written(base, text, fived):
            own = None  # the order reads as written: no timeline is in front of it
        if own is not None:
            front = own
        elif front is not None:
            letter = front.written.lower() in _UNIT_LETTERS  # "a: kie H" would be no timeline
            prefix = (
                front.prefix if not letter else replace(front, written=str(front.timeline)).prefix
            )
            text = f"{prefix}: {text}"
        carried.append(text)
    return carried


def _reads_as_written(base: BaseMap, text: str, fived: bool) -> bool:
    try:
        _read(base, text, fived)
    except NotationError:
        return False
    return True


# A number in front of an order without a colon: "2 A mun H" (or a list's "1 A mun H").
_NUMBER_IN_FRONT_RE = re.compile(r"^\s*(?P<number>\d{1,3})\s+(?P<rest>\S.*)$", re.DOTALL)


def _number_in_front(base: BaseMap, text: str, fived: bool) -> str | None:
    """Why an order with a bare number in front (``2 A mun H``) is refused, showing
    the form to write: a timeline or a list's number, it is not read as either, so
    that no order of a numbered list lands on another timeline; None for other text."""
    found = _NUMBER_IN_FRONT_RE.match(text)
    if found is None or not _reads_as_written(base, found["rest"], fived):
        return None
    number, rest = found["number"], found["rest"].strip()
    return (
        f"'{number}' in front of the order is a timeline only with its colon: write"
        f" {number}: {rest} for timeline {number}, or the order alone"
    )


def _on_timeline(words: ReadOrder, front: InFront) -> ReadOrder:
    """The words with each place that names no board of its own on the timeline
    in front (a place with a board, or MDATC's numbers, keeps it)."""

    def placed(place: Any) -> Any:
        if not isinstance(place, Place) or place.timeline is not None or place.numbered:
            return place
        turn = place.turn or front.turn
        return replace(place, timeline=front.timeline, before=front.written, turn=turn)

    return words._replace(
        place=placed(words.place),
        target=placed(words.target),
        dest=placed(words.dest),
        places=tuple(placed(place) for place in words.places),
    )


# ------------------------------------------------------- locations in a line

# A word with a colon inside: a multiverse location, or an attempt at one.
_COLON_WORD = re.compile(r"[^\s,;()]+:[^\s,;()]+")
# A location written with spaces about its colons: "6 : lon : Winter 1901", "2: mun :F02".
_SPACED_LOCATION = re.compile(
    r"(?P<timeline>[^\s,;():]+)\s*:\s*[^\s,;():]*[a-z][^\s,;():]*(?:\s*/\s*[a-z]+)?"
    r"\s*:\s*(?P<turn>[a-z]+\s*\d{2,4})\b",
    re.I,
)
# A unit written with its full board, then the rest of its order.
_QUALIFIED_UNIT = re.compile(r"^\s*(\S+)\s+(\S+:\S+(?::\S+)?)\s+(.*)$")


def writes_location(variant: str, text: str) -> bool:
    """Whether a line writes a multiverse location: a word of three parts or more
    (``1:mun:S1901``, ``alfa:MUN:Spring01``, typos included) or of two that read as
    one (``2:par``, ``mun:F1901``; not ``12:30``) or a board (``1:W1901``, as a
    waive names it), or three parts written with spaces
    about the colons, a timeline first and a turn last (``6 : lon : Winter 1901``)."""
    base = base_map_for(variant)
    for found in _SPACED_LOCATION.finditer(text):
        if parse_turn(found["turn"]) and _timeline(found["timeline"], False) is not None:
            return True
    for word in _COLON_WORD.findall(text):
        if word.count(":") >= 2 or _board_written(word):
            return True
        try:
            parse_place(base, word)
        except NotationError:
            continue
        return True
    return False


# A word with a ';' inside, against the letters on both sides: "alfa;ber:S1901".
_SEMICOLON_WORD = re.compile(r"[^\s,;()]+(?:;[^\s,;()]+)+")


def colons_slipped(base: BaseMap, line: str, fived: bool) -> str:
    """The line with each ``;`` written inside a location for its ``:`` read as the
    colon (``A alfa;ber:S1901``, ``A 5:bud;S1902 H``, ``1;par:S1901``): ``;`` parts
    orders, and a location cut in two made two orders of one, one of them another
    unit's.  A ``;`` between orders written without spaces (``S1901;A``) is kept."""

    def colon(found: re.Match[str]) -> str:
        word = found.group(0).replace(";", ":")
        try:
            read_place(base, word, fived)
        except NotationError:
            return found.group(0)
        return word

    return _SEMICOLON_WORD.sub(colon, line) if ";" in line else line


def _board_written(word: str) -> bool:
    """Whether a word is a board, a timeline and a turn (``1:W1901``,
    ``alfa:Spring02``), as a waive names one."""
    timeline, _, turn = word.partition(":")
    return _timeline(timeline, False) is not None and parse_turn(turn) is not None


# A line that names a board for the orders under it, as some write them: the report's
# "Board 2:F1901 (...):", "Timeline 2:", "Timeline 1, Fall 1901", "alfa:"; MDATC's
# "Germany 2:0" (a power, then the board).
_HEADING_RE = re.compile(
    r"^(?:board\s+\S*:\S*.*"
    r"|(?:timeline\s+)?(?P<timeline>[a-z0-9]+)(?:\s*,[a-z0-9 ]+)?\s*:"
    r"|timeline\s+(?P<named>[a-z0-9]+)(?:\s*,[a-z0-9 ]+)?"
    r"|(?P<power>[a-z]+)\s+\d+\s*:\s*\d+\s*:?)$"
)
HEADING_REFUSAL = (
    "a heading for the orders below is not read: write the timeline in front of each"
    " order (2: A mun - tyr, bravo: A mun - tyr) or the board in each place"
    " (A 2:mun - 2:tyr, A bravo:MUN:Fall01 - bravo:TYR:Fall01)"
)


def board_heading(base: BaseMap, text: str) -> bool:
    """Whether a line is a board's heading over orders (see ``_HEADING_RE``)."""
    found = _HEADING_RE.match(" ".join(text.lower().split()))
    if found is None:
        return False
    if found["power"] is not None:
        return found["power"] in base.powers
    timeline = found["timeline"] or found["named"]
    return timeline is None or _timeline(timeline, False) is not None


def board_unit_written(base: BaseMap, text: str) -> tuple[str, str, str] | None:
    """``A 1:mos:S1870 - TSR - vla`` -> ``("A", "1:mos:S1870", "- TSR - vla")``: the
    unit's type word, its location with its board (the turn may be left out: ``A
    1:mos``) and the rest of the order as on a single board, when the rest names no
    other board (``- TSR - 1:vla:S1870`` is ``- TSR - vla``, and so is ``- TSR -
    1:vla`` after ``A 1:mos``); None for any other text."""
    match = _QUALIFIED_UNIT.match(text)
    if match is None:
        return None
    kind, where, rest = match.group(1), match.group(2), match.group(3)
    if where.count(":") == 1 and Reader(base.variant, kind, STANDARD_SYNTAX).kind() != "unit":
        return None  # "1:mos" after a unit's type only ("A 1:mos - TSR - vla")
    if ":" not in rest:
        return kind, where, rest
    try:
        unit = read_place(base, where, False)
    except NotationError:
        return None
    parts, end = [], 0
    for found in _COLON_WORD.finditer(rest):
        try:
            place = read_place(base, found.group(0), False)
        except NotationError:
            return None
        if (place.timeline, place.turn) != (unit.timeline, unit.turn):
            return None  # another board, or a turn the unit's place leaves open
        coast = f"/{place.coast}" if place.coast else ""
        parts += [rest[end : found.start()], place.province + coast]
        end = found.end()
    return kind, where, "".join([*parts, rest[end:]])
