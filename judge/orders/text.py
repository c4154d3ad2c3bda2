"""Orders as players write them: text → engine orders, with reasons players understand.

Reading happens in two steps.  :func:`parse_order` reads the words of one order
against the variant's names (syntax only); :func:`check_orders` then interprets
the parsed orders in a position (is there such a unit, is it yours, can it get
there, which coast) and returns one :class:`OrderCheck` per order.

This module is the parser's core: it knows no order kind.  Each kind brings its
own words, reader and interpreter (:class:`~judge.orders.reader.KindSyntax`);
the standard ones are in :mod:`judge.orders.standard` (their accepted forms are
listed there), and a ruleset passes its own :class:`~judge.orders.reader.OrderSyntax`.
Each engine order writes its own canonical text (:func:`canonical`).

Several orders may share a line, separated by ``,`` or ``;``.
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
from collections.abc import Callable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar

from judge.engine.kinds import Board, MovementOrder, Order
from judge.engine.orders import board_convoy_fleets
from judge.engine.phase import Phase
from judge.engine.turn import Position
from judge.engine.units import Unit, UnitType
from judge.orders.reader import (
    DASHES,
    END,
    SHORT_COASTS,
    CheckPosition,
    Context,
    OrderSyntax,
    OrderSyntaxError,
    ParsedOrder,
    Place,
    Reader,
    Refusal,
    dashes_spaced,
    plain_signs,
    province_code,
    reader_for,
)
from judge.orders.standard import STANDARD_SYNTAX
from judge.variant.data import Variant, kept_by_variant, load_variant
from judge.variant.place_hints import closest_names, numbered_copies

__all__ = [
    "STANDARD_SYNTAX",
    "OrderCheck",
    "OrderSyntax",
    "OrderSyntaxError",
    "ParsedOrder",
    "Place",
    "begins_order",
    "canonical",
    "check_orders",
    "check_position_orders",
    "clear_read_cache",
    "near_order",
    "order_texts",
    "parse_order",
    "place_alone",
    "position_checker",
    "split_orders",
    "units_without_orders",
    "unmarked",
]

_SEPARATOR = re.compile(r"[;,]")
# The marks of a list item before an order: "1. ", "2) ", "(3) ", a bullet ("* ", "• ",
# "· ", "◦ ", "▪ ", "‣ ", "⁃ ", "► ") or a dash and a space ("- ", "– ", "— ").
_BULLETS = "*\u2022\u00b7\u25e6\u25aa\u2023\u2043\u25ba\u25b8-" + DASHES
_LIST_MARK = re.compile(rf"(?:\(?\d{{1,3}}[.)]|[{re.escape(_BULLETS)}])\s+(?=\S)")
_MARK_STARTS = frozenset("(" + _BULLETS)
_COMMENT_MARKS = ("//", "#")  # what follows either on an order line is a comment
_WRONG_PHASE = {
    "M": "a {action} order is not possible in a movement phase",
    "R": "only retreats and disbands are possible in a retreat phase",
    "A": "only builds, removals and waives are possible in an adjustment phase",
}


class OrderCheck(NamedTuple):
    """One order as written, and what the judge made of it."""

    text: str
    ok: bool
    canonical: str | None = None
    key: str | None = None
    message: str | None = None
    order: Order | None = None
    power: str | None = None


# ----------------------------------------------------------------- syntax

_T = TypeVar("_T")
_K = TypeVar("_K")
_V = TypeVar("_V")


class _BoundedTables(Generic[_T, _K, _V]):
    """Tables of kept results (immutable), one per table key, bounded together: past
    ``limit`` entries in all, every table is emptied in place (callers may hold one),
    and past ``most_tables`` table keys the record starts afresh."""

    __slots__ = ("tables", "limit", "most_tables", "count")

    def __init__(self, limit: int, most_tables: int) -> None:
        self.tables: dict[_T, dict[_K, _V]] = {}
        self.limit = limit
        self.most_tables = most_tables
        self.count = 0

    def table(self, key: _T) -> dict[_K, _V]:
        """The table kept for ``key`` (empty when new)."""
        table = self.tables.get(key)
        if table is None:
            if len(self.tables) >= self.most_tables:
                self.clear()
            table = self.tables[key] = {}
        return table

    def keep(self, table: dict[_K, _V], key: _K, value: _V) -> None:
        """Keep ``value`` in ``table`` (forgetting everything kept when there is too much)."""
        if self.count >= self.limit:
            for kept in self.tables.values():
                kept.clear()
            table.clear()
            self.count = 0
        table[key] = value
        self.count += 1

    def clear(self) -> None:
        """Forget every table."""
        self.tables.clear()
        self.count = 0


# Reading depends on the text, the variant's names and the syntax only, so each
# text is read once: games and batches repeat most order texts ("A Par H") from
# phase to phase.  The value is the parsed order (immutable), or the reason it
# cannot be read.  Texts are kept per variant and syntax, 100,000 in all.
_READ: _BoundedTables[tuple[Variant, OrderSyntax], str, ParsedOrder | str] = _BoundedTables(
    100_000, 16
)


def _read_table(variant: Variant, syntax: OrderSyntax) -> dict[str, ParsedOrder | str]:
    """The texts read so far for a variant and syntax (text -> parsed order or reason)."""
    return _READ.table((variant, syntax))


def _read_cached(
    table: dict[str, ParsedOrder | str], variant: Variant, text: str, syntax: OrderSyntax
) -> ParsedOrder | str:
    """Read a text not yet in ``table`` and keep it there."""
    try:
        found: ParsedOrder | str = _read_order(variant, text, syntax)
    except OrderSyntaxError as error:
        found = str(error)
        # "'Pra-Bru' is not a province": a second reading names the word meant ("'Pra'
        # is not a province") unless the word is a hyphenated name mistyped.
        named = error.unknown
        hyphenated = named is not None and "-" in named.strip("-")
        for spaced in _dashes_as_signs(variant, text, syntax):
            try:
                found = _read_order(variant, spaced, syntax)
                break
            except OrderSyntaxError as second:
                if hyphenated and not _hyphenated_name_slipped(variant, str(named)):
                    found = str(second)
        if isinstance(found, str) and named is not None and not hyphenated:
            found = _slipped_name_refusal(variant, text, named) or found
    _READ.keep(table, text, found)
    return found


def _slipped_name_refusal(variant: Variant, text: str, part: str) -> str | None:
    """The refusal of a hyphenated name mistyped whose part alone the reader refused
    (``Mid-Atlantsc``, read as ``Mid - Atlantsc``: "'Mid-Atlantsc' is not a province
    (did you mean Mid-Atlantic Ocean (Mao)?)", not 'Atlantsc' with Albania), or None."""
    for word in text.split():
        parts = word.lower().split("-")
        if len(parts) > 1 and part.lower() in parts and _hyphenated_name_slipped(variant, word):
            names = {code: province.name for code, province in variant.provinces.items()}
            return f"'{word}' is not a province{closest_names(names, word)}"
    return None


def _hyphenated_name_slipped(variant: Variant, word: str) -> bool:
    """Whether ``word`` is a name of the map written with a hyphen, one letter off
    (``Mdi-Atlantic``): then it, not its first part, is the word meant."""
    low = word.lower()
    return any(slip_of(low, name) for name in _hyphenated_names(variant))


@kept_by_variant
def _hyphenated_names(variant: Variant) -> frozenset[str]:
    """The map's names, and the words of names, written with a hyphen
    (``mid-atlantic``), and those names with hyphens for their spaces from the
    start, as players join them (``mid-atlantic-ocean``, Root Z's
    ``mid-atlantic-ocean-1``)."""
    names = [n.lower() for p in variant.provinces.values() for n in (p.name, *p.aliases)]
    found = {w for name in names for w in (name, *name.split()) if "-" in w}
    for name in names:
        words = name.split()
        if "-" in name:
            found.update("-".join(words[:end]) for end in range(2, len(words) + 1))
    return frozenset(found)


def _dashes_as_signs(variant: Variant, text: str, syntax: OrderSyntax) -> list[str]:
    """The second readings of a text refused as written (in the map's names): its
    hyphenated words that are no names taken apart at their hyphens, then all of them
    (:func:`~judge.orders.reader.dashes_spaced`), then one hyphen of one word at a time
    as the move sign, the others kept; none when nothing changes."""
    plain = plain_signs(text)
    if syntax.locations is not None or "-" not in plain:
        return []
    found = [dashes_spaced(variant, text), dashes_spaced(variant, text, names_kept=False)]
    # "Gas1-Mid-Atlantic Ocean 1" ("mid-atlantic" is a name only with the words after
    # it); Root Z's "Picardy 1-Brest 1" beside another hyphenated name.
    words = plain.split()
    for index, word in enumerate(words):
        parts = word.split("-")
        if len(parts) > 1 and all(part.replace("/", "").isalnum() for part in parts):
            for cut in range(1, len(parts)):  # a coast may stand in a part ("spa1/sc")
                split = "-".join(parts[:cut]) + " - " + "-".join(parts[cut:])
                found.append(" ".join([*words[:index], split, *words[index + 1 :]]))
    return [spaced for spaced in dict.fromkeys(found) if spaced != text][:_MOST_READINGS]


_MOST_READINGS = 8  # second readings of one refused text, at most


def _reading(
    table: dict[str, ParsedOrder | str], variant: Variant, text: str, syntax: OrderSyntax
) -> ParsedOrder | str:
    """The reading of a text kept in ``table``, or read now and kept."""
    found = table.get(text)
    return found if found is not None else _read_cached(table, variant, text, syntax)


def parse_order(variant: Variant, text: str, syntax: OrderSyntax = STANDARD_SYNTAX) -> ParsedOrder:
    """Read one order; raise OrderSyntaxError with a reason when it cannot be read."""
    found = _reading(_read_table(variant, syntax), variant, text, syntax)
    if isinstance(found, str):
        raise OrderSyntaxError(found)
    return found


_VERBS_FIRST = frozenset({"move", "hold", "retreat"})  # kinds whose word may come first
_GIVEN_WITH = frozenset({"support", "convoy"})  # "support Par - Bur with Mar"


def _giver_first(tokens: list[str]) -> str:
    """``support Par into Bur with Mar`` as ``Mar support Par into Bur``: the unit
    that gives a support or a convoy, named last after ``with``, put first."""
    at = tokens.index("with")
    giver = tokens[at + 1 : -1]  # the last token is END
    if not giver or "with" in giver:
        raise OrderSyntaxError("expected the unit that gives it after 'with'")
    return " ".join(giver + tokens[:at])


def clear_read_cache() -> None:
    """Forget the order texts read and checked so far (benchmarks time reading afresh)."""
    _READ.clear()
    _CHECKED.clear()


def _plain(reader: Reader, index: int) -> bool:
    """Whether the token at ``index`` is a plain word: no keyword, unit word or place."""
    token = reader.tokens[index]
    return (
        token.isalpha()
        and token not in reader.keywords
        and token not in reader.unit_words
        and not reader.place_length(index)
    )


def _prose(reader: Reader) -> bool:
    """Whether an order that names no unit at its start reads as a sentence: plain
    words, then a unit word ("I want my army in Paris ...", "my army ..."), a verb and
    a unit ("Please move the fleet ...") or nothing more ("Sent from my iPhone");
    not an order whose first place is mistyped ("Pari - Bur", "mediterranean sea
    convoys ...", "Pa S A Spa - Gas")."""
    tokens, at = reader.tokens, 0
    while _plain(reader, at):
        at += 1
    if at == 0:
        return False
    word = tokens[at]
    if word in reader.unit_words or (word == END and at > 1):
        return True
    verb = len(word) > 2 and reader.keywords.get(word) in _VERBS_FIRST  # no "R"
    return verb and (tokens[at + 1] in reader.unit_words or _plain(reader, at + 1))


def prose_refusal(syntax: OrderSyntax) -> str:
    """Why a sentence is no order, with the forms to write (no order is guessed)."""
    forms = {form.name: form.form for form in syntax.forms}
    shown = "; ".join(f"{forms[name]} ({name})" for name in ("move", "hold") if name in forms)
    return (
        "not read as an order: an order begins with the unit (A for an army, F for a"
        f" fleet) and its province, then what it does: {shown}; HELP lists your game's"
        " orders with examples"
    )


def _read_order(variant: Variant, text: str, syntax: OrderSyntax) -> ParsedOrder:
    """Read one order in ``syntax``: a kind's leading word (``Build``, ``Waive``)
    and its reader, or a unit, then the word of its kind and that kind's reader
    (nothing after the unit: a hold); a move's, a hold's or a retreat's word may also
    come first (``Move A Par to Bur``)."""
    reader = reader_for(variant, text, syntax)
    keywords, tokens = reader.keywords, reader.tokens
    first = keywords.get(tokens[0]) or syntax.openers.get(tokens[0])
    if first in _GIVEN_WITH and "with" in tokens:
        return _read_order(variant, _giver_first(tokens), syntax)
    if first is not None:
        if first == "end":
            raise OrderSyntaxError("empty order")
        lead = syntax.leading.get(first)
        if lead is not None:
            reader.pos = 1
            return lead(reader, first)
        verb = syntax.after_unit.get(first) if first in _VERBS_FIRST else None
        if verb is not None and (
            (
                len(tokens[0]) > 2
                and tokens[0].isalpha()
                and (
                    tokens[1] in reader.unit_words
                    or reader.place_length(1)
                    or _place_word(reader, tokens[1])  # "Hold Pari": refused naming Paris
                    or _code_changed(variant, tokens[1])  # "Hold brs": naming Brest
                )
            )
            or (tokens[0] == "r" and (tokens[1] in reader.unit_words or reader.place_length(1)))
        ):
            # The verb first, as some write in prose: "Move A Par to Bur", "Hold A Par",
            # "Retreat A Bur to Gas", "R A Bur - Gas"; then the unit, and the rest as
            # after it.  njudge's "R" before a unit alone ("R A Par", "R Par") is a
            # removal in an adjustment phase, and a retreat without its destination
            # elsewhere (judge.orders.standard.R_ALONE).
            reader.pos = 1
            unit_type, place = reader.unit("a unit's province")
            return verb(reader, first, unit_type, place)
    try:
        unit_type, place = reader.unit("a unit's province")
    except OrderSyntaxError:
        meant = _lead_meant(syntax, tokens[0], changes=True)
        if meant is not None:
            raise OrderSyntaxError(
                f"'{reader.shown(0)}' is not an order word (did you mean {meant.title()}?)"
            ) from None
        if first is None and _prose(reader):
            raise OrderSyntaxError(prose_refusal(syntax)) from None
        if (
            tokens[0] in ("+", "-")
            and tokens[1] in reader.unit_words
            and not any(keywords.get(token) not in (None, "sign", "end") for token in tokens[2:])
        ):
            unit = text.strip()[1:].strip()  # "A War" of "+ A War"
            raise OrderSyntaxError(
                f"'{tokens[0]}' is not read as a build or a removal:"
                f" write Build {unit} or Remove {unit}"
            ) from None
        raise
    kind = keywords.get(tokens[reader.pos])
    if kind == "end":
        return ParsedOrder("hold", unit_type, place, alone=True)
    read = syntax.after_unit.get(kind) if kind is not None else None
    if read is None:
        shown = reader.shown(reader.pos)
        raise OrderSyntaxError(f"did not understand '{shown}'{_word_hint(syntax, shown)}")
    reader.pos += 1
    return read(reader, kind, unit_type, place)


def _word_hint(syntax: Any, word: str) -> str:
    """`` (did you mean 'support'?)`` for a mistyped order word after a unit
    (``suport``, ``mve``), from the order words of ``syntax``; else nothing."""
    words = [w for w, kind in syntax.keywords.items() if len(w) > 2 and kind in syntax.after_unit]
    bare = word.lower().strip(",.;:!?")
    if len(bare) == 1 and bare.isalpha():  # "Par N": name the letters there are
        keywords = syntax.keywords.items()
        letters = {w for w, kind in keywords if len(w) == 1 and kind in syntax.after_unit}
        letters = {w.upper() for w in letters if w.isalpha() and w not in syntax.unit_words}
        if not letters or bare.upper() in letters:  # "D,": what follows it is wrong
            return ""
        return f" (an order's letter after a unit is one of {', '.join(sorted(letters))})"
    if len(bare) < 3 or bare in words:  # a word well spelt: what follows it is wrong
        return ""
    close = difflib.get_close_matches(bare, words, n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


def split_orders(line: str) -> list[str]:
    """The orders of one line: separated by ``,`` or ``;``; blank parts dropped; a
    comment after them dropped (from ``//`` or ``#``), and a result's mark pasted from
    a report (``(*bounce*)``); each without the mark of a list
    item before it (``1.``, ``2)``, ``(3)``, ``*``, ``•``, ``- ``: a numbered or
    bulleted list as players type one).  A dash is a list's mark only with a space
    after it: ``-A Bur`` keeps it (a removal as some write it, refused with its
    reason), and so does ``-- Bob``.  ``- A Bur`` in a winter is the unit alone,
    which is a removal when the power must remove (see ``ParsedOrder.alone``)."""
    for mark in _COMMENT_MARKS:
        if mark in line:
            line = line[: line.index(mark)]
    if line.rstrip().endswith("*)") and "(*" in line:
        line = line[: line.rindex("(*")]  # a result's mark, pasted with it: "(*bounce*)"
    if "," not in line and ";" not in line:
        parts = [line.strip()]
    elif "(" not in line:
        parts = [part.strip() for part in _SEPARATOR.split(line)]
    else:
        parts = _bracketed_parts(line)
    orders = [order for order in (_unwrapped(unmarked(part)) for part in parts if part) if order]
    # A courtesy after an order is none of its own: "A Rom H, please".
    return orders[:1] + [order for order in orders[1:] if _courtesy_from(order.split()) != 0]


def _bracketed_parts(line: str) -> list[str]:
    """The parts of a line split at ``,`` and ``;``, but for those inside brackets
    opened after a word of its part: ``Munich (timeline 1, Spring 1901)`` is one place,
    as multiverse reports write it.  Brackets around a part (``(A Par-Bur, ...``)
    leave its separators."""
    parts, start, inner = [], 0, 0
    for i, char in enumerate(line):
        if char == "(" and line[start:i].strip():
            inner += 1
        elif char == ")" and inner:
            inner -= 1
        elif char in ",;" and not inner:
            parts.append(line[start:i].strip())
            start, inner = i + 1, 0
    parts.append(line[start:].strip())
    return parts


# Marks around a whole order: brackets, quotes, and the emphasis of a mail program's
# text part (``*A Par-Bur*`` for bold) or of chat (``_``, ``` ` ```).
_WRAPS = {
    "(": ")",
    "[": "]",
    '"': '"',
    "'": "'",
    "\u201c": "\u201d",
    "\u2018": "\u2019",
    "*": "*",
    "_": "_",
    "`": "`",
}


def _unwrapped(text: str) -> str:
    """An order without the marks around the whole of it (``(A Par-Bur)``,
    ``"A Par-Bur"``, ``**A Par-Bur**``); a coast's brackets stay (``(A Spa(nc) H)``
    loses only the outer pair)."""
    while len(text) > 2 and _WRAPS.get(text[0]) == text[-1]:
        inner = text[1:-1].strip()
        if not _nested(inner):
            break  # "(nc) H (sc)": the brackets are not around the whole
        text = inner
    return text


def _nested(text: str) -> bool:
    """Whether every bracket of ``text`` closes one opened before it, and all close."""
    depth = 0
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def unmarked(text: str) -> str:
    """A line (an order, a command) without the mark of a list item before it
    (``1.``, ``2)``, ``(3)``, ``*``, ``•``, ``- ``)."""
    if text[:1].isdigit() or text[:1] in _MARK_STARTS:
        found = _LIST_MARK.match(text)
        if found is not None:
            return text[found.end() :]
    return text


# Words that may join two orders written on one line ("Build A Par and F Bre").
_JOINS = frozenset({"and", "&", "then"})


def order_texts(
    line: str, reads: Callable[[str], bool], begins: Callable[[str], bool]
) -> list[str]:
    """The orders of one line (:func:`split_orders`), each part that does not read as
    one order (``reads``) but as several written without a separator taken apart
    (``A Par-Bur A Mar-Spa``, ``Build A Par and F Bre``, ``A Par H & A Mar H``), or as
    one with a courtesy after it (``A Par-Bur please``, ``A Par-Bur thank you``)."""
    texts: list[str] = []
    for text in split_orders(line):
        if reads(text):
            texts.append(text)
            continue
        words = text.split()
        polite = _without_courtesy(words)
        if polite is not None and reads(polite):
            texts.append(polite)
        else:
            texts.extend(_joined(words, reads, begins) or (text,))
    return texts


def place_alone(
    line: str, reads: Callable[[str], bool], begins: Callable[[str], bool]
) -> str | None:
    """Why a line parted at ``,`` or ``;`` is refused whole when a part after the
    first is a place alone, with no unit's type or order word (``1: A con ; ank``):
    it is no order alone on its line either, and the player meant one order with its
    sign slipped, or left a unit's order out.  None for other lines."""
    parts = split_orders(line)
    for before, part in itertools.pairwise(parts):
        if not begins(part.split()[0]) and reads(part) and reads(f"{part} H"):
            return (
                f"'{part}' alone is no order: write its order ({part} H),"
                f" or '-' for a move ({before} - {part})"
            )
    return None


# Words of courtesy a player may write after an order, never part of one.
_COURTESY = frozenset({"please", "pls", "plz", "thanks", "thx", "ty", "cheers"})


def _without_courtesy(words: list[str]) -> str | None:
    """An order's words without the courtesy after them ("please", "thanks", "thank
    you"), or None when they end with none or are nothing else."""
    end = _courtesy_from(words)
    return " ".join(words[:end]) if 0 < end < len(words) else None


def _courtesy_from(words: list[str]) -> int:
    """Where the words of courtesy at the end of ``words`` begin (0: they are all
    courtesy; ``len(words)``: none)."""
    end = len(words)
    while end:
        word = words[end - 1].lower().strip(".!")
        if word in _COURTESY:
            end -= 1
        elif word == "you" and end >= 2 and words[end - 2].lower() == "thank":
            end -= 2
        else:
            break
    return end


def _joined(
    words: list[str], reads: Callable[[str], bool], begins: Callable[[str], bool]
) -> list[str] | None:
    """The orders ``words`` hold one after another: each part reads, each but the
    first begins as an order does (``begins``: a unit's type, ``Build``), after a
    joining word (``and``, ``&``, ``then``) if one is written; None if there are none.
    A unit alone is no order of them: ``F Bre A Par - Pic`` and ``Mar F Par - Bur``
    are a convoy and a support with their letter mistyped, not a hold and a move."""
    for start in range(1, len(words)):
        if not begins(words[start]):
            continue
        end = start - 1 if words[start - 1].lower() in _JOINS else start
        left = " ".join(words[:end])
        if not left or not reads(left) or reads(f"{left} H"):
            continue
        right = words[start:]
        rest = [" ".join(right)] if reads(" ".join(right)) else _joined(right, reads, begins)
        if rest:
            return [left, *rest]
    return None


def begins_order(variant: Variant, word: str, syntax: OrderSyntax) -> bool:
    """Whether an order may begin with ``word``: a unit's type or an order's leading
    word (``Build``, ``Waive``)."""
    kind = reader_for(variant, word, syntax).kind()
    return kind == "unit" or (kind is not None and kind in syntax.leading)


# ----------------------------------------------------------- semantics


class _Position(CheckPosition):
    """The parts of a phase document that order checking needs."""

    units_at: dict[str, Any] | None = None
    """The location of the unit in each province (None: search, see unit_in)."""
    dislodged_at: dict[str, Any] | None = None

    def __init__(self, variant: Variant, doc: dict[str, Any], syntax: OrderSyntax) -> None:
        unit_type = syntax.engine.unit_type
        self.variant = variant
        self.locations = _locations_in(variant)
        self._phase = str(doc.get("phase", "S1901M"))
        self.kind = self._phase[-1:].upper()
        self.units = {
            entry["province"]: Unit(entry["power"], unit_type(entry["type"]))
            for entry in doc.get("units", [])
        }
        self.dislodged = {}
        self.options = {}
        for entry in doc.get("dislodged", []):
            loc = entry["province"]
            self.dislodged[loc] = Unit(entry["power"], unit_type(entry["type"]))
            self.options[loc] = list(entry.get("retreat_options", []))
        centers = doc.get("supply_centers")
        if centers is None:
            centers = {p: list(c) for p, c in variant.starting_centers.items()}
        self.owner = {c: power for power, owned in centers.items() for c in owned}

    @functools.cached_property
    def position(self) -> Position:
        """The units and centres of the document as the engine's hooks read them
        (made when an adjustment order asks for them)."""
        return Position(Phase.parse(self._phase), self.units, self.owner)

    @classmethod
    def of(cls, variant: Variant, position: Position) -> _Position:
        """The checking view of an engine position (no round trip through JSON)."""
        pos = cls.__new__(cls)
        pos.variant = variant
        pos.locations = _locations_in(variant)
        pos.kind = position.phase.kind
        pos.units = position.units  # read, never changed
        pos.dislodged = {loc: d.unit for loc, d in position.dislodged.items()}
        pos.options = {loc: list(d.retreat_options) for loc, d in position.dislodged.items()}
        pos.owner = position.centers
        pos.position = position
        area = _province_of(variant)
        pos.units_at = _by_province(pos.units, area)
        pos.dislodged_at = _by_province(pos.dislodged, area)
        return pos

    def unit_in(self, province: str, dislodged: bool = False) -> str | None:
        """The location of the unit in a province (any coast), if one is there: looked
        up by province when each holds one unit at a known location."""
        at = self.dislodged_at if dislodged else self.units_at
        if at is None:
            return super().unit_in(province, dislodged)
        found = at.get(province)
        if found is None and province not in self.locations:
            raise KeyError(province)  # as the search does
        return found


def _by_province(pool: Mapping[Any, Unit], area: Mapping[str, str]) -> dict[str, Any] | None:
    """The location of each unit of ``pool`` by its province; None when a location is
    not the map's or two units share a province (the search in unit_in decides)."""
    try:
        found = {area[loc]: loc for loc in pool}
    except KeyError:
        return None
    return found if len(found) == len(pool) else None


@kept_by_variant
def _province_of(variant: Variant) -> dict[str, str]:
    """The province of each location of the map (computed once per variant)."""
    return {loc: variant.province_of(loc) for loc in variant.locations()}


@kept_by_variant
def _locations_in(variant: Variant) -> dict[str, tuple[str, ...]]:
    """Every location of each province, its coasts first (computed once per variant)."""
    return {
        province: variant.fleet_locations(province) + (province,) for province in variant.provinces
    }


def canonical(order: Order, units: Mapping[Any, Unit], kind: str) -> str:
    """The judge's own spelling of an order, e.g. ``A par - bur`` (each kind writes its own)."""

    def unit(loc: Any) -> str:
        u = units.get(loc)
        return f"{u.type.value if u else '?'} {loc}"

    return order.format(unit, kind)


def document_position(
    variant: Variant, doc: dict[str, Any], syntax: OrderSyntax = STANDARD_SYNTAX
) -> Position:
    """The units and centres of a phase document as the engine's hooks read them
    (where a power may build, how many builds or removals it owes)."""
    return _Position(variant, doc, syntax).position


def check_orders(
    position: dict[str, Any], power: str, lines: list[str], syntax: OrderSyntax = STANDARD_SYNTAX
) -> list[OrderCheck]:
    """Check a power's order lines in a position (a phase document); one result per order."""
    variant = load_variant(position.get("variant", "standard"))
    return _Checker(variant, _Position(variant, position, syntax), syntax).check(power, lines)


def check_position_orders(
    variant: Variant,
    position: Position,
    power: str,
    lines: list[str],
    syntax: OrderSyntax = STANDARD_SYNTAX,
) -> list[OrderCheck]:
    """Like :func:`check_orders`, for an engine :class:`Position` already read."""
    return _Checker(variant, _Position.of(variant, position), syntax).check(power, lines)


def position_checker(
    variant: Variant, position: Position, syntax: OrderSyntax = STANDARD_SYNTAX
) -> Callable[[str, list[str]], list[OrderCheck]]:
    """:func:`check_position_orders` for several powers of one position: the checking
    view of the position, the legality board and the units' texts are built once."""
    return _Checker(variant, _Position.of(variant, position), syntax).check


class _UnitTexts(dict[Any, str]):
    """The text of the unit at each location (``A par``; ``? par`` when there is
    none), written when first asked for: the units do not change while orders are
    checked (and the checks kept for reuse need none)."""

    __slots__ = ("units",)

    def __init__(self, units: Mapping[Any, Unit]) -> None:
        super().__init__()
        self.units = units

    def __missing__(self, loc: Any) -> str:
        u = self.units.get(loc)
        text = self[loc] = f"{u.type.value if u else '?'} {loc}"
        return text


def _unit_text(units: Mapping[Any, Unit]) -> Callable[[Any], str]:
    """The text of the unit at a location (see :class:`_UnitTexts`)."""
    return _UnitTexts(units).__getitem__


class _Checker:
    """Checks the order lines of the powers of one position.  What depends on the
    position alone is found once: the legality board, the units' texts, the texts
    read and the checks kept for reuse (see _LOCAL_ACTIONS)."""

    __slots__ = ("variant", "pos", "syntax", "board", "unit_text", "phase", "table", "memo")

    def __init__(self, variant: Variant, pos: _Position, syntax: OrderSyntax) -> None:
        self.variant = variant
        self.pos = pos
        self.syntax = syntax
        engine = syntax.engine
        self.board = Board(engine.geography(variant), pos.units, engine.order_kinds)
        kind = pos.kind
        self.unit_text = _unit_text(pos.dislodged if kind == "R" else pos.units)
        self.phase = kind if kind in ("R", "A") else "M"
        self.table = _read_table(variant, syntax)
        self.memo: dict[tuple[Any, ...], OrderCheck | _Routed] | None = None
        if kind == "M" and syntax is STANDARD_SYNTAX and pos.units_at is not None:
            self.memo = _CHECKED.table(variant)
            self.board.asked = []  # the searches a check asks (see _Routed)

    def reads(self, text: str) -> bool:
        """Whether ``text`` reads as one order."""
        return not isinstance(_reading(self.table, self.variant, text, self.syntax), str)

    def begins(self, word: str) -> bool:
        """Whether an order may begin with ``word`` (see :func:`begins_order`)."""
        return begins_order(self.variant, word, self.syntax)

    def check(self, power: str, lines: list[str]) -> list[OrderCheck]:
        """One check per order of a power's lines, in the order written."""
        variant, pos, syntax, board = self.variant, self.pos, self.syntax, self.board
        unit_text, phase, table, memo = self.unit_text, self.phase, self.table, self.memo
        kind = pos.kind
        movement = phase == "M"
        interpreters = syntax.interpreters
        units, units_at = pos.units, pos.units_at
        checks: list[OrderCheck] = []
        waives = 0
        ctx: Context | None = None  # made when an order is interpreted
        searches = asked = 0
        noted = board.asked if board.asked is not None else []  # searches (with a memo)
        for line in lines:
            alone = place_alone(line, self.reads, self.begins)
            if alone is not None:
                text = line.strip()
                checks.append(OrderCheck(text, False, message=f"{text}: {alone}", power=power))
                continue
            for text in order_texts(line, self.reads, self.begins):
                parsed = _reading(table, variant, text, syntax)
                if isinstance(parsed, str):
                    checks.append(OrderCheck(text, False, message=f"{text}: {parsed}", power=power))
                    continue
                local = None
                if memo is not None and units_at is not None and parsed.action in _LOCAL_ACTIONS:
                    local = _local_key(parsed, power, text, units_at, units)
                    found = memo.get(local)
                    if found is not None:
                        if type(found) is not _Routed:
                            checks.append(found)  # type: ignore[arg-type]
                            continue
                        if found.stands(board):
                            checks.append(found.check)
                            continue
                    searches = board.searches
                    asked = len(noted)
                if ctx is None:
                    ctx = Context(variant, pos, power, syntax, board)
                # The kind's interpreter gives the engine order; in a movement phase
                # the order must also be legal (the board says why not).
                action = parsed.action
                if phase == "A" and parsed.alone:
                    action = "unit"  # njudge's build or removal without its word
                interpret = interpreters.get((phase, action))
                try:
                    if interpret is None:
                        raise Refusal(_WRONG_PHASE[phase].format(action=parsed.action))
                    order = interpret(ctx, parsed)
                    if movement and isinstance(order, MovementOrder):
                        reason = board.illegal_reason(order)
                        if reason is not None:
                            raise Refusal(_apart(variant, pos, order, reason))
                except Refusal as refusal:
                    check = OrderCheck(text, False, message=f"{text}: {refusal}", power=power)
                else:
                    if order.adjustment == "build":
                        key = _key(order)
                        if key == "waive":
                            waives += 1
                            key = f"waive:{waives}"
                    else:
                        key = str(order.unit)  # type: ignore[attr-defined]
                    check = OrderCheck(
                        text, True, order.format(unit_text, kind), key, None, order, power
                    )
                if local is not None and memo is not None:
                    if board.searches == searches:
                        _CHECKED.keep(memo, local, check)
                    else:
                        _CHECKED.keep(memo, local, _Routed(check, tuple(noted[asked:])))
                checks.append(check)
        return checks


def _apart(variant: Variant, pos: _Position, order: Order, reason: str) -> str:
    """A move's refusal, saying first when the places are no neighbours (:func:`apart`)."""
    src, dest = getattr(order, "unit", None), getattr(order, "dest", None)
    unit = pos.units.get(src) if src is not None else None
    if unit is None or dest is None or order.kind != "move":
        return reason
    return apart(variant, unit.type, str(src), str(dest), reason)


def apart(variant: Variant, unit_type: UnitType, src: str, dest: str, reason: str) -> str:
    """The refusal ``reason`` of a move from ``src`` to ``dest`` (the map's
    locations) that only a convoy could make, first saying that the two places are
    no neighbours (``Kyoto and Fusan are not neighbours, and no fleets are placed to
    convoy it there``), or, for a unit that could stand there but no convoy can
    carry, saying only that (``Brest and Gulf of Lyon are not neighbours``, not "a
    fleet cannot go there": it can, from elsewhere); another reason as it is."""
    if variant.can_move(unit_type.value, src, dest):
        return reason
    if "convoy" in reason:
        return f"{_names(variant, src, dest)} are not neighbours, and {reason}"
    province = _standing(variant, unit_type, dest)
    if province in (None, variant.province_of(src)):
        return reason
    if variant.can_reach(unit_type.value, src, province):
        return reason  # another coast of it ("F Mar - Spa/nc")
    return f"{_names(variant, src, dest)} are not neighbours"


def _names(variant: Variant, src: str, dest: str) -> str:
    """``Brest and Gulf of Lyon``."""
    return f"{variant.location_name(src)} and {variant.location_name(dest)}"


def _standing(variant: Variant, unit_type: UnitType, loc: str) -> str | None:
    """``loc``'s province when a unit of ``unit_type`` may stand there (an army on
    land, a fleet at sea or on a coast), else None (and for other unit types, which
    move by rules of their own: a railway's train)."""
    try:
        province = variant.province_of(loc)
    except KeyError:
        return None  # a place off the map
    if unit_type is UnitType.ARMY:
        return None if variant.is_sea(province) else province
    if unit_type is UnitType.FLEET and variant.fleet_locations(province):
        return province
    return None


# A standard movement order (hold, move, support, convoy) is interpreted, judged legal
# and worded from the units in the provinces it names alone, unless its legality asks
# for convoy routes (the board notes those, with their answers): the rest is the
# map's.  So the check of an order text by a power, given those units, is kept and
# reused (checks are immutable); when convoy routes were asked, only on a board that
# gives the same answers to the same searches (the check would take the same steps).
# The record is bounded, per variant.
_LOCAL_ACTIONS = frozenset({"hold", "move", "support", "convoy"})


class _Routed:
    """A kept check that asked the board for convoy routes, with the searches it
    asked (in turn) and their answers."""

    __slots__ = ("check", "asked")

    def __init__(self, check: OrderCheck, asked: tuple[Any, ...]) -> None:
        self.check = check
        self.asked = asked

    def stands(self, board: Board) -> bool:
        """Whether ``board`` answers every search of the check as when it was made
        (asked in the same turn: each search depends on the answers before it)."""
        for (army, dest, exclude), answer in self.asked:
            if board_convoy_fleets(board, army, dest, exclude) != answer:
                return False
        return True


# checks kept, 20,000 in all (some 400 bytes each), per variant
_CHECKED: _BoundedTables[Variant, tuple[Any, ...], OrderCheck | _Routed] = _BoundedTables(20_000, 8)


def _local_key(
    parsed: ParsedOrder,
    power: str,
    text: str,
    units_at: Mapping[str, Any],
    units: Mapping[Any, Unit],
) -> tuple[Any, ...]:
    """What the check of a standard movement order depends on besides the map: the
    text, the power, the unit (location, owner, type) the order is for, and the
    location and type of the unit it supports or convoys (whose owner no standard
    check looks at: it is supported or convoyed, and named, alike)."""
    assert parsed.place is not None
    loc = units_at.get(parsed.place.province)
    unit = units[loc] if loc is not None else None
    target = parsed.target
    tloc = units_at.get(target.province) if target is not None else None
    return (
        text,
        power,
        loc,
        unit.power if unit is not None else None,
        unit.type if unit is not None else None,
        tloc,
        units[tloc].type if tloc is not None else None,
    )


def _key(order: Order) -> str:
    """The unit (or build site) an order is for: a later order for it replaces this one
    (``waive`` for a waive: the caller numbers them)."""
    if order.adjustment == "build":
        built = order.builds()
        return f"build:{str(built[0]).split('/')[0]}" if built is not None else "waive"
    return str(order.unit)  # type: ignore[attr-defined]


def units_without_orders(
    position: dict[str, Any], power: str, keys: set[str], syntax: OrderSyntax = STANDARD_SYNTAX
) -> list[str]:
    """The power's units (or dislodged units in a retreat phase) that have no order yet."""
    variant = load_variant(position.get("variant", "standard"))
    pos = _Position(variant, position, syntax)
    pool = pos.dislodged if pos.kind == "R" else pos.units
    if pos.kind == "A":
        return []
    return [
        f"{unit.type.value} {loc}"
        for loc, unit in sorted(pool.items())
        if unit.power == power and loc not in keys
    ]


def attempts_order(variant: Variant, text: str, syntax: OrderSyntax = STANDARD_SYNTAX) -> bool:
    """Whether a line of mail could be an attempt at an order, as the grammar's own
    words and names see it (see :func:`_attempted`).  Only a line that is no attempt
    ("Thanks!", "Sent from my iPhone", "Cheers, Bob") may be passed over as a greeting
    or signature; any other line is read, and refused with its reason when wrong.
    What follows a label and a colon is looked at too (``France: A Par``, a hold).
    A line opened by a dash line (``-- Bob - Paris --``) is a signature's unless what
    follows the dashes has an order's shape (:func:`shaped_as_order`)."""
    dashed = _after_dash_line(text)
    if dashed is not None:
        return bool(dashed) and shaped_as_order(variant, dashed, syntax)
    if _heading(variant, text, syntax):
        return False
    label, colon, rest = text.partition(":")
    return any(_attempt(variant, part, syntax) for part in split_orders(text)) or bool(
        colon and label.strip() and attempts_order(variant, rest, syntax)
    )


def _heading(variant: Variant, text: str, syntax: OrderSyntax) -> bool:
    """Whether a line is a heading above orders: it ends with a colon, and its words
    name no place and no unit and hold no order's letter or sign ("Builds:",
    "Retreats:", "My moves for 1901:"; not "Pari H:"), nor are an order of one word
    ("Waive:")."""
    head = text.rstrip()
    if not head.endswith(":"):
        return False
    words = head[:-1].strip()
    reader = reader_for(variant, words, syntax)
    tokens = reader.tokens[:-1]
    if not tokens or any(token in reader.unit_words for token in tokens):
        return False
    if any(len(token) == 1 and token in reader.keywords for token in tokens):
        return False
    if any(reader.place_length(index) for index in range(len(tokens))):
        return False
    return not _order_of_one_word(variant, words, syntax)


# Two dashes or more opening a line ("-- Bob", "—— Bob"), or one long dash opening
# and closing it ("— Bob, Paris —"); one alone is a list's bullet ("– Kiel - Berlin").
_DASH_LINE = re.compile(
    r"^\s*(?:[-\u2013\u2014\u2015]{2,}(?P<more>.*)"
    r"|[\u2013\u2014\u2015](?P<framed>.*[\u2013\u2014\u2015]))\s*$",
    re.S,
)


def _after_dash_line(text: str) -> str | None:
    """What a line opened by a dash line says between its dashes, or None when a
    line has no such opening (``-A Spa``, a removal, has one dash)."""
    found = _DASH_LINE.match(text)
    if found is None:
        return None
    return (found["more"] or found["framed"] or "").strip().rstrip("-" + DASHES).strip()


# Token classes that show no order after a unit type and a word ("A/F/N", "A. Smith").
_NO_ORDER_WORD = (None, "end", "sign", "unit", "via")


def shaped_as_order(variant: Variant, text: str, syntax: OrderSyntax = STANDARD_SYNTAX) -> bool:
    """Whether a line of mail has an order's shape, as a signature's words seldom
    do: an order of it is a unit type (after a leading word such as ``Build``) then a
    place (``A Mun - Xyz``), or a unit type, one word and an order word
    (``A Pra - Bru``).  "A. Smith - CEO" or "Army of Darkness fan" has not."""
    return any(
        _shaped(reader := reader_for(variant, part, syntax), syntax)
        or _slipped(variant, part, syntax)
        or _slipped_first(reader)
        for part in split_orders(text)
    )


def _shaped(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether one order's words have an order's shape (:func:`shaped_as_order`)."""
    tokens, keywords = reader.tokens, reader.keywords
    unit = 1 if keywords.get(tokens[0]) in syntax.leading else 0
    if unit and (len(tokens) == 2 and len(tokens[0]) > 2 or len(tokens) == 3 + unit):
        return keywords.get(tokens[1]) in ("unit", "end")  # "Waive", "Build A Pra"
    if keywords.get(tokens[unit]) != "unit":
        return _shaped_without_unit(reader)
    if len(tokens) < unit + 3:
        return False
    if reader.place_length(unit + 1):
        return True
    initial = unit == 0 and reader.text.lstrip()[1:2] == "."  # "A. Smith - CEO": a name
    return not initial and keywords.get(tokens[unit + 2]) not in _NO_ORDER_WORD


# Order words after a province's code in an order written without its unit.
_UNITLESS_ORDER_WORDS = ("hold", "move", "support", "convoy", "retreat", "disband")


def _shaped_without_unit(reader: Reader) -> bool:
    """Whether words have the shape of njudge's order without a unit type: a
    province's code or one mistyped (:func:`_province_like`), then an order word
    (``Par - Bur``, ``Bur R Gsa``, ``Par S Mar - Bru``, ``Pra H``; a move or retreat
    to one word written as a code).  A name first has not: "Bob - Paris", "Jan -
    Mar 2025", "Tom - Den", Colonial's "Bob - Moscow"."""
    tokens, keywords = reader.tokens, reader.keywords
    if len(tokens) < 3:
        return False
    word, sign, last = tokens[0], keywords.get(tokens[1]), tokens[2]
    if not _province_like(reader, word) or sign not in _UNITLESS_ORDER_WORDS:
        return False
    if sign not in ("move", "retreat"):
        return True
    return len(tokens) == 4 and (_province_like(reader, last) or _code_like(last, word))


def _province_like(reader: Reader, word: str) -> bool:
    """Whether ``word`` is a province's code or one mistyped: two neighbouring letters
    swapped (``Pra``, ``Gsa``), or a letter changed in a code with a board's digit
    (Root Z's ``Vxe1``), which no name has.  "Tom" beside Rome's ``Rom`` is a name."""
    return (
        word in reader.variant.provinces
        or _place_slip(reader.variant, word)
        or (word[:1].isalpha() and word.isalnum() and not word.isalpha() and len(word) < 6)
    )


def _code_like(word: str, code: str) -> bool:
    """Whether ``word`` is written as ``code`` is, a code mistyped (``Irx`` beside
    ``Mos``, ``Gxl1`` beside ``Vie1``): where an order's unit stands first, a word
    after its move sign is its destination."""
    return word.isalnum() and len(word) == len(code)


def _attempt(variant: Variant, text: str, syntax: OrderSyntax) -> bool:
    """Whether one order's text is an attempt at an order: its words begin as orders
    do (:func:`_attempted`), or it reads as an order and writes one of the grammar's
    words or signs (``Spain south coast B``, ``stp/sc H``), which a place's name alone
    (a signature "Bob" on a map with Bob) does not."""
    reader = reader_for(variant, text, syntax)
    found = _reading(_read_table(variant, syntax), variant, text, syntax)
    if isinstance(found, str) and (
        _order_word_then_prose(reader, syntax) or _article_then_prose(reader, syntax)
    ):
        return False
    if _attempted(reader, syntax) or _slipped(variant, text, syntax):
        return True
    if isinstance(found, str):
        return False
    if any(reader.keywords.get(token) not in (None, "end") for token in reader.tokens):
        return True
    # "north sea-English Channel": an order once its dash is a move sign (the text
    # reads only so), which the words as written do not show.
    return any(
        _attempted(reader_for(variant, spaced, syntax), syntax)
        for spaced in _dashes_as_signs(variant, text, syntax)
    )


def _order_word_then_prose(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether words that do not read as an order are a sentence opened by an
    order's word of three letters or more ("Hold on", "Build trust first", "Support
    me and I will support you"): no word after it could be part of an order
    (:func:`_order_part`).  The word alone, or with words of courtesy only ("Hold",
    "Build please"), is an order without its unit, read and refused with its reason."""
    tokens = reader.tokens
    word, kind = tokens[0], reader.keywords.get(tokens[0])
    opens = kind in syntax.after_unit or kind in syntax.leading
    if not (opens and len(word) > 2 and word.isalpha()):
        return False
    rest = range(1, len(tokens) - 1)  # the end marker last
    if all(tokens[index] in _COURTESY for index in rest):
        return False
    return not any(_order_part(reader, index, syntax) for index in rest)


def _article_then_prose(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether words that do not read as an order open with a unit's letter that is
    an article, as in a French or Italian sign-off ("A bientot", "A presto"): the
    words after it are written in lower case, none of three letters as a code is, and
    none could be part of an order (:func:`_order_part`); "A pari", "A Xyzzy", "a xyz"
    and "a bud-ser" are orders."""
    tokens = reader.tokens
    if len(tokens) < 3 or len(tokens[0]) != 1 or tokens[0] not in reader.unit_words:
        return False
    rest = range(1, len(tokens) - 1)  # the end marker last
    words = (reader.shown(index) for index in rest)
    if not all(word.isalpha() and word.islower() and len(word) != 3 for word in words):
        return False
    return not any(_order_part(reader, index, syntax) for index in rest)


def _order_part(reader: Reader, index: int, syntax: OrderSyntax) -> bool:
    """Whether the word at ``index`` could be part of an order: a place or one
    mistyped (:func:`_place_word`, a name of several words a letter off), a word of
    three letters with a capital as a code is written (``Xyz``), a coast, a number
    (a board's, a timeline's), a kind's own word (Colonial's ``TSR``), an order's
    letter (``H``, ``S``) or first word (``Waive``, ``wiave``), a unit's type
    (:func:`_unit_letter`: "Build A Xyzzy", not "Build a bridge"), or a move sign
    between words written as codes are (``Pqr - Xyz``).  A word that is none of
    these words as written (a place mistyped, a code's shape) is one only where a
    place stands in an order (:func:`_where_a_place_stands`): "Support you all the
    way" and "Build bridges not walls" are prose."""
    tokens = reader.tokens
    token, kind = tokens[index], reader.keywords.get(tokens[index])
    if reader.place_length(index) or _names_slipped_at(reader, index):
        return True
    if token in SHORT_COASTS or any(char.isdigit() for char in token):
        return True
    if token in reader.unit_words:
        return len(token) > 1 or _unit_letter(reader, index)
    if kind == "move" and not token.isalpha():
        return all(_written_as_code(reader, word) for word in tokens[index - 1 : index + 2 : 2])
    if kind is not None:
        own = kind not in _STANDARD_WORD_KINDS  # a kind's own word, Colonial's "tsr"
        return len(token) == 1 or kind in syntax.leading or own
    if _lead_meant(syntax, token) is not None:
        return True
    if not _where_a_place_stands(reader, index):
        return False
    if _capital_code(reader, token):
        return True
    if _code_changed(reader.variant, token) and (index == 1 or _after_unit_word(reader, index)):
        return True  # "hold brs", "build a brs": a code with a letter changed, where one stands
    if "-" in token:
        parts = token.split("-")
        slipped = _hyphenated_name_slipped(reader.variant, token)
        return slipped or any(_place_word(reader, part) for part in parts)
    return _place_word(reader, token)


def _where_a_place_stands(reader: Reader, index: int) -> bool:
    """Whether the word at ``index`` stands where an order names a place: among the
    words between the order's word or another word of the grammar and the next one
    (or the end, courtesy aside), no more than a name of the map has, the others
    words of its names or written with a capital as names are (``Hold Pari``,
    ``Hold gulf of lyo``, ``Hold Andaman Sea``, ``Support Pari - Bur``); not "you"
    of "Support you all the way", nor "walls" of "Build bridges not walls"."""
    tokens, keywords = reader.tokens, reader.keywords
    start, end = index, index + 1
    while start > 1 and tokens[start - 1] not in keywords:
        start -= 1
    while tokens[end] != END and tokens[end] not in keywords and tokens[end] not in _COURTESY:
        end += 1
    longest, name_words = _long_names(reader.variant)
    if end - start > longest:
        return False
    return all(
        at == index or tokens[at] in name_words or _capital(reader, tokens[at])
        for at in range(start, end)
    )


@kept_by_variant
def _long_names(variant: Variant) -> tuple[int, frozenset[str]]:
    """How many words the map's longest name has (a board's number aside: Root Z's
    ``1 gulf of bot``), and the words of its names of several words."""
    names = _several_word_names(variant)
    longest = max((sum(word.isalpha() for word in words) for words in names), default=1)
    return longest, frozenset(word for words in names for word in words)


def _code_changed(variant: Variant, word: str) -> bool:
    """Whether a word of three letters is a province's code with one slip
    (:func:`_one_slip`: ``brs`` for ``bre``), which prose's short words seldom are
    right after an order word ("Hold on", "Move now")."""
    if len(word) != 3 or not word.isalpha():
        return False
    low = word.lower()
    return any(_one_slip(low, code) for code in _codes(variant))


@kept_by_variant
def _codes(variant: Variant) -> frozenset[str]:
    """The three-letter province codes of ``variant``, in lower case."""
    return frozenset(c.lower() for c in variant.provinces if len(c) == 3 and c.isalpha())


def _after_unit_word(reader: Reader, index: int) -> bool:
    """Whether the word before ``index`` is a unit's type (``build a brs``)."""
    return index > 1 and reader.tokens[index - 1] in reader.unit_words


# The classes of the standard grammar's words (order words, which prose uses too,
# signs, unit types); the words a ruleset's own kinds add are of other classes.
_STANDARD_WORD_KINDS = frozenset(STANDARD_SYNTAX.keywords.values())


def _place_word(reader: Reader, word: str) -> bool:
    """Whether one word names a place (a province, a kind's place, Root Z's without
    its board's number) or is one mistyped: two neighbours swapped
    (:func:`_place_slip`, Outer Space's ``rob``), or a one-word name cut short or
    slipped (:func:`_name_mistyped`)."""
    variant = reader.variant
    if province_code(variant, word) is not None or word in reader.places:
        return True
    if word in _names_on_boards(variant) or not word.isalpha():
        return word in _names_on_boards(variant)
    swapped = any(slip_of(word, place, changes=False) for place in reader.places)
    return swapped or _place_slip(variant, word) or _name_mistyped(variant, word)


def _name_mistyped(variant: Variant, word: str) -> bool:
    """Whether ``word`` is a one-word name of the map of four letters or more cut
    short (``pari``, ``warsw``) or slipped (:func:`slip_of`: ``moskow``,
    ``brugnudy``); a letter changed or added in a shorter word makes words ("come"
    beside Rome, "your" beside York's ``yor``), and a name with a board's number
    (Root Z's ``1rom``) is left to its digit; a name without its board's number
    (Root Z's ``paris``) is one too."""
    if len(word) < 4:
        return False
    one_word = (name for same in _short_names(variant).values() for name in same)
    names = itertools.chain(one_word, _names_on_boards(variant))
    return any(
        len(name) > 3
        and name.isalpha()
        and word != name
        and (name.startswith(word) or slip_of(word, name))
        for name in names
    )


def _written_as_code(reader: Reader, word: str) -> bool:
    """Whether ``word`` is written as a province's code is: three letters, or a
    code or one mistyped (:func:`_province_like`)."""
    return (len(word) == 3 and word.isalpha()) or _province_like(reader, word)


def _unit_letter(reader: Reader, index: int) -> bool:
    """Whether the one-letter unit word at ``index`` (``a``, ``f``) is a unit's type,
    not an article: written as a capital, or before a word of three letters at most
    (a province's code) or at the end."""
    return _capital(reader, reader.tokens[index]) or len(reader.tokens[index + 1]) <= 3


def _capital_code(reader: Reader, word: str) -> bool:
    """Whether ``word`` is written as a province's code often is: three letters,
    the first a capital (``Xyz``, ``XYZ``)."""
    return len(word) == 3 and word.isalpha() and _capital(reader, word)


def _capital(reader: Reader, word: str) -> bool:
    """Whether the line writes ``word`` alone with a capital first."""
    alone = re.finditer(rf"(?<![\w']){re.escape(word)}(?![\w'])", reader.text, re.IGNORECASE)
    return any(found.group(0)[0].isupper() for found in alone)


def _attempted(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether one order's words are an attempt at an order: they begin as orders do
    (a unit type, a place off the map, a word an order starts with: ``Build``,
    ``Waive``; or ``+`` or ``-`` and a unit type), or they hold a move sign after a
    word (``Vie - Gal``), an order word of three letters or more (``support``,
    ``army``, ``col``), a place followed by an order word (``Par H``, ``Mar1 to
    Pie1``) or two places (``Vienna Galicia``).
    A lone place name among other words is not enough: short codes are names too
    (Colonial's ``Bob``, ``Per``, ``Man``)."""
    tokens, keywords = reader.tokens, reader.keywords
    first = reader.kind()
    if first in ("unit", "place") or (first is not None and first in syntax.leading):
        return True
    if tokens[0] in syntax.openers and keywords.get(tokens[1]) not in (None, "end"):
        return True  # "SC H": a word that opens an order (not alone: initials) and an order word
    if (tokens[0] in ("+", "-") or (first and len(tokens[0]) == 1)) and keywords.get(
        tokens[1]
    ) == "unit":
        return True  # "+ A Par", "-A Spa", "R F Bre": an order word and a unit
    if first and len(tokens[0]) == 1 and tokens[0].isalpha() and reader.place_length(1):
        return True  # "R Par", "B Paris", "D Kiel": a one-letter order word and a place
    places = 0
    index = 0
    while index < len(tokens) - 1:
        kind = keywords.get(tokens[index])
        if kind is not None and _shows_order(reader, index, kind):
            return True
        length = reader.place_length(index) if kind is None else 0
        if kind is None and not length and tokens[index] in _names_on_boards(reader.variant):
            length = 1  # Root Z's "Paris H": a place without its board's number
        if length:
            places += 1
            after = keywords.get(tokens[index + length])
            if places > 1 or after not in (None, "end", "sign"):
                return True
        index += length or 1
    return _slipped_order(reader)


@kept_by_variant
def _names_on_boards(variant: Variant) -> frozenset[str]:
    """The codes and names of provinces on several boards without the board's number
    (Root Z's ``par``, ``paris``; see :func:`numbered_copies`), which the reader
    refuses asking for the number."""
    names = {code: province.name for code, province in variant.provinces.items()}
    bases = {word for code, name in names.items() for word in (code, name.lower())}
    stripped = {word.rstrip("0123456789").rstrip() for word in bases}
    return frozenset(word for word in stripped - bases if numbered_copies(names, word))


def _one_slip(word: str, known: str) -> bool:
    """Whether two words differ by one letter dropped, added or changed, or two
    neighbours swapped."""
    apart = _differing(word, known)
    if apart is None or word == known:
        return False
    left, right = apart
    return (len(left) <= 1 and len(right) <= 1) or (
        len(left) == len(right) == 2 and left == right[::-1]
    )


def _slipped_order(reader: Reader) -> bool:
    """Whether the words are an order with a word slipped (:func:`slip_of`) of a word
    of a place's name or an order word of four letters or more (``Burgundi H``,
    ``Paris hodl``, ``Kiel hodl please``, ``Dusband Paris``), or of a name written
    with hyphens (Root Z's ``Mid-Atlantsc-Ocean 1 H``), beside which the line holds
    a place or an order word (:func:`_slips`), or a move between names written
    without spaces, one slipped (:func:`_slipped_dash`).  The reader then refuses it
    with the closest names."""
    if any(_slipped_dash(reader.variant, token) for token in reader.tokens):
        return True
    return bool(_slips(reader))


def _slipped_first(reader: Reader) -> bool:
    """Whether a line of three words at most (a place's name one, words of courtesy
    none) is an order with a word slipped (:func:`_slips`) whose first word is a
    place or the slipped word (``Burgundi H``, ``Paris hodl pls``, ``Please Kiel 1
    hodl``): the shape below a signature's line, where "Hold tight" or a quotation
    ("Rome wasn't built in a day") is a signature's."""
    tokens = reader.tokens
    start = 0
    while tokens[start] in _COURTESY:
        start += 1
    courtesy = sum(1 for token in tokens[start:] if token in _COURTESY)
    place = reader.place_length(start)
    if len(tokens) - 1 - start - courtesy - max(place - 1, 0) > 3:  # END last
        return False
    slips = _slips(reader)
    return bool(slips) and (start in slips or bool(place))


def _order_word_off(reader: Reader, at: int) -> bool:
    """Whether the word at ``at`` ends the line (courtesy aside) and is an order word
    after a unit's place (``hold``, ``support``) with a letter added or dropped, or
    changed in a word of five letters or more (``Marseilles hld``, ``Paris 1 hols``,
    ``Kiel suport``): a place's name and a word so near an order word make an order.
    ("Paris love", a letter changed in ``move``, is a signature's.)"""
    tokens = reader.tokens
    word = tokens[at]
    if not word.isalpha() or word in reader.keywords or len(word) < 3:
        return False
    if any(token not in _COURTESY for token in tokens[at + 1 : -1]):
        return False
    return any(
        len(w) > 3 and (len(word) != len(w) or len(w) > 4)
        for w in _order_words_slipped(reader, word)
    )


def _order_words_slipped(reader: Reader, word: str) -> list[str]:
    """The order words after a unit's place (``hold``, ``h``) that ``word`` is with
    one slip (:func:`_one_slip`: ``holt``, ``hH``)."""
    return [w for w in _unitless_words(reader) if w.isalpha() and _one_slip(word, w)]


def _unitless_words(reader: Reader) -> list[str]:
    """The grammar's order words that may follow a unit's place (``hold``, ``h``, ``-``)."""
    return [w for w, kind in reader.keywords.items() if kind in _UNITLESS_ORDER_WORDS]


def _name_slipped_at(reader: Reader, at: int) -> bool:
    """Whether the words at ``at`` are a place's name of several words with one word a
    letter off (:func:`_names_slipped_at`), then an order word (``Hong Kng H``,
    ``Bong Kong H``, ``Nort Sea - Lon``)."""
    tokens, keywords = reader.tokens, reader.keywords
    return any(
        keywords.get(tokens[at + length]) in _UNITLESS_ORDER_WORDS
        for length in _names_slipped_at(reader, at)
    )


def _names_slipped_at(reader: Reader, at: int) -> list[int]:
    """How many words each place's name of several words has that the words at
    ``at`` write with one word a letter off (:func:`_one_slip`), the others as
    written (``Hong Kng``)."""
    tokens, found = reader.tokens, []
    for words in _several_word_names(reader.variant):
        end = at + len(words)
        if end >= len(tokens):
            continue
        written = tokens[at:end]
        off = [i for i, (a, b) in enumerate(zip(written, words, strict=True)) if a != b]
        if len(off) == 1 and _one_slip(written[off[0]], words[off[0]]):
            found.append(len(words))
    return found


@kept_by_variant
def _several_word_names(variant: Variant) -> tuple[tuple[str, ...], ...]:
    """The map's place names of several words, each as its words (``hong``, ``kong``)."""
    names = {n.lower() for p in variant.provinces.values() for n in (p.name, *p.aliases)}
    return tuple(tuple(name.split()) for name in sorted(names) if len(name.split()) > 1)


def _slips(reader: Reader) -> list[int]:
    """Where the words hold a word slipped (:func:`slip_of`) of a word of a place's
    name or an order word of four letters or more, or of a name written with
    hyphens, when the line holds a place or an order word beside it; else none.  In
    a line of more than two words a word of four letters is taken only for an order
    word: swapped names' words make words of prose (Colonial's ``eats``, ``wets``,
    ``moan``)."""
    tokens, keywords = reader.tokens, reader.keywords
    orders = _order_words(keywords)
    names = _name_words(reader.variant)
    short = len(tokens) > 3  # the words, then the end marker

    def slipped(token: str) -> bool:
        if not token.isalpha():
            return "-" in token and _hyphenated_name_slipped(reader.variant, token)
        near = [w for w in orders if abs(len(w) - len(token)) <= 2]  # a few
        if not (short and len(token) == 4):
            near += _near(names, len(token))
        return any(slip_of(token, word) for word in near)

    slips = [
        index
        for index, token in enumerate(tokens)
        if len(token) > 3
        and token not in keywords
        and not reader.place_length(index)
        and slipped(token)
    ]
    beside = any(
        index not in slips
        and (keywords.get(token) not in (None, "end", "sign", "via") or reader.place_length(index))
        for index, token in enumerate(tokens)
    )
    return slips if beside else []


def _slipped_dash(variant: Variant, token: str) -> bool:
    """Whether a word with a dash is a move between places written without spaces,
    one name slipped: a part one letter off a word of a place's name, the other a
    word of one or a board's number (``Edinburth-North Sea``, Root Z's ``Kiel
    1-Beriin 1``)."""
    parts = token.split("-")
    if len(parts) != 2 or not all(parts):
        return False
    words = _name_words(variant)

    def named(part: str) -> bool:
        return part in words.get(len(part), ())

    slipped = [
        part
        for part in parts
        if len(part) > 3
        and not named(part)
        and any(slip_of(part, w) for w in _near(words, len(part)))
    ]
    return len(slipped) == 1 and all(
        named(part) or part.isdigit() for part in parts if part not in slipped
    )


def _order_words(keywords: Mapping[str, str]) -> frozenset[str]:
    """The grammar's order words of four letters or more (``hold``, ``support``)."""
    return frozenset(
        w
        for w, kind in keywords.items()
        if kind not in ("end", "sign", "via") and len(w) > 3 and w.isalpha()
    )


@kept_by_variant
def _name_words(variant: Variant) -> dict[int, frozenset[str]]:
    """The words of four letters or more of the map's place names, by their length."""
    names = {w for p in variant.provinces.values() for w in p.name.lower().split()}
    words = [w for w in names if len(w) > 3 and w.isalpha()]
    return {size: frozenset(w for w in words if len(w) == size) for size in map(len, words)}


def _near(words: Mapping[int, frozenset[str]], size: int) -> list[str]:
    """The words of ``words`` (by length) that one of ``size`` letters may be a slip
    of (:func:`slip_of`): a letter longer or shorter at most, two between words of
    eight letters or more."""
    low = size - 2 if size >= 10 else size - 1
    high = size + 2 if size >= 8 else size + 1
    return [w for length in range(low, high + 1) for w in words.get(length, ())]


def slip_of(word: str, known: str, changes: bool = True) -> bool:
    """Whether ``word`` is the known word ``known`` mistyped: two neighbouring letters
    swapped (``pra`` of ``par``, ``wiave``, ``hodl``), or, with ``changes``, one
    letter changed, added or dropped in a word of five letters or more (``burgundi``,
    ``dusband``), two such slips in one of eight or more, its first letter right
    (``brugnudy``, ``burgnduy``).  A letter
    changed in a shorter word makes names and words too often (``Bob`` beside
    ``Boh``, ``Rose`` beside ``Rome``, ``Mail`` beside ``rail``)."""
    if word == known or len(known) < 3:
        return False
    apart = _differing(word, known)
    if apart is None:
        return False
    left, right = apart
    if len(left) == len(right) == 2 and left == right[::-1]:
        return True  # two neighbours swapped
    shorter = min(len(word), len(known))
    if not changes or shorter < 5:
        return False
    if len(left) <= 1 and len(right) <= 1:
        return True
    return shorter >= 8 and word[0] == known[0] and _two_slips(left, right)


def _differing(word: str, other: str) -> tuple[str, str] | None:
    """What differs between two words once their common start and end are left out
    (``ur``, ``ru`` of ``bugrundy``, ``burgundy``); None when their lengths are
    more than two apart."""
    if abs(len(word) - len(other)) > 2:
        return None
    start, shorter = 0, min(len(word), len(other))
    while start < shorter and word[start] == other[start]:
        start += 1
    end = 0
    while end < shorter - start and word[-1 - end] == other[-1 - end]:
        end += 1
    return word[start : len(word) - end], other[start : len(other) - end]


def _two_slips(left: str, right: str) -> bool:
    """Whether two stretches of letters are at most two slips apart: the optimal
    string alignment distance, a swap of neighbours counting one."""
    before: list[int] = []
    row = list(range(len(right) + 1))
    for i, a in enumerate(left, 1):
        earlier, before, row = before, row, [i]
        for j, b in enumerate(right, 1):
            cost = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (a != b))
            if i > 1 and j > 1 and a == right[j - 2] and left[i - 2] == b:
                cost = min(cost, earlier[j - 2] + 1)
            row.append(cost)
        if min(row) > 2:
            return False
    return row[-1] <= 2


def _shows_order(reader: Reader, index: int, kind: str) -> bool:
    """Whether the keyword at ``index`` shows an order where it stands: a move sign
    between a word and a place (``Xyz - Gal``), or after a place mistyped (``Pra -
    Bru``; a place before it is seen as one), or an order word of three letters or
    more; not a sign between names (``Cheers - Alice``, ``-Bob``), nor the words
    prose shares (``a``, ``to``, ``by``, ``via``, ``into``, ``goes``, ``attack``),
    nor a bracket or slash."""
    token, tokens = reader.tokens[index], reader.tokens
    if kind in ("sign", "via", "end"):
        return False
    if not token.isalpha():
        return (
            kind == "move"
            and any(word[:1].isalnum() for word in tokens[:index])
            and (
                _province_like(reader, tokens[index - 1])
                or (bool(reader.place_length(index + 1)) and not _joined_name(reader, index))
            )
        )
    return len(token) > 2 and token not in _PROSE_MOVE_WORDS


def _joined_name(reader: Reader, index: int) -> bool:
    """Whether the dash at ``index`` joins the words beside it without spaces, as in a
    hyphenated name ("Jean-Luc", beside Colonial's Luc): a word that is no place,
    then a place, so written, is no move (``Xyz - Gal`` with spaces is)."""
    before, after = reader.tokens[index - 1], reader.tokens[index + 1]
    written = reader.text.lower()
    return any(f"{before}{dash}{after}" in written for dash in "-" + DASHES)


# Move words that prose uses as much as orders do ("going into the weekend").
_PROSE_MOVE_WORDS = frozenset({"into", "go", "goes", "attack", "attacks", "holding"})


@kept_by_variant
def _short_names(variant: Variant) -> dict[str, frozenset[str]]:
    """The province codes and one-word names of ``variant`` (``par``, ``paris``; no
    "so" of Colonial's "os"), by their letters in order (``apr``): two neighbours
    swapped keep a word's letters."""
    words = {
        word.lower()
        for code, province in variant.provinces.items()
        for word in (code, province.name, *province.aliases)
        if word.isalnum() and len(word) > 2
    }
    found: dict[str, set[str]] = {}
    for word in words:
        found.setdefault("".join(sorted(word)), set()).add(word)
    return {letters: frozenset(same) for letters, same in found.items()}


def _place_slip(variant: Variant, word: str) -> bool:
    """Whether ``word`` is a province's code or one-word name with two neighbouring
    letters swapped (``pra``, ``bru``, ``prais``: :func:`slip_of` without a changed
    letter), and names no place."""
    names = _short_names(variant).get("".join(sorted(word)), frozenset())
    return word not in names and any(slip_of(word, name, changes=False) for name in names)


def _place_off(variant: Variant, word: str) -> bool:
    """Whether ``word`` is a province's code or one-word name with one letter
    changed, added or dropped, or two neighbours swapped (``pari``, ``bres``), and
    names no place.  (Asked of few lines: a support's or a convoy's first word.)"""
    names = [name for same in _short_names(variant).values() for name in same]
    return word not in names and any(_one_slip(word, name) for name in names)


def _lead_meant(syntax: OrderSyntax, word: str, changes: bool = False) -> str | None:
    """The word of four letters or more that an order of its own kind begins with
    (``build``, ``waive``, ``disband``) that ``word`` is with two neighbouring letters
    swapped (``buidl``, ``wiave``: :func:`slip_of` without a changed letter), or, with
    ``changes``, with one letter changed, added or dropped too (``bild``, ``waie``,
    ``wuive``: :func:`_one_slip`), or None; a word of the grammar is none."""
    if word in syntax.keywords or word in syntax.unit_words:
        return None
    leads = sorted(w for w, kind in syntax.keywords.items() if kind in syntax.leading)
    slipped = (w for w in leads if len(w) > 3 and w.isalpha() and slip_of(word, w, False))
    found = next(slipped, None)
    if found is None and changes and len(word) > 3 and word.isalpha():
        found = next((w for w in leads if len(w) > 4 and _one_slip(word, w)), None)
    return found


def _slip_shaped(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether an order's words are an order with its first word mistyped: an order's
    first word slipped (:func:`_lead_meant`) alone or before a unit's type
    (``wiave``, ``Buidl A Par``), a place and an order word a letter off
    (:func:`_order_word_off`), a place's name of several words a letter off
    (:func:`_name_slipped_at`), or a place's slipped before an order word
    (``Pra H``, ``Pra - Bru``, ``Pra S Mar``).  "Bob H" (Bohemia's ``Boh``) is no slip."""
    tokens, keywords = reader.tokens, reader.keywords
    if len(tokens) < 2:  # no word, only the end ("." alone)
        return False
    if _lead_meant(syntax, tokens[0]) is not None:
        return len(tokens) == 2 or tokens[1] in reader.unit_words
    place = reader.place_length(0)
    if (place and _order_word_off(reader, place)) or _name_slipped_at(reader, 0):
        return True
    meant = _lead_meant(syntax, tokens[0], changes=True)
    if meant is not None:
        # a letter off before a unit and a place ("Bild A Par"; "Built a house" is
        # prose), or alone with a letter dropped or one within changed or added
        # ("Wive", "Wuive", "Waicve"; "Waived", "Built" and "Guild" are words)
        word = tokens[0]
        if len(tokens) == 2:
            within = word[0] == meant[0] and word[-1] == meant[-1]
            return len(word) < len(meant) or within
        return tokens[1] in reader.unit_words and reader.place_length(2) > 0
    kind = keywords.get(tokens[1])
    if kind not in _UNITLESS_ORDER_WORDS:
        return False
    if _place_slip(reader.variant, tokens[0]):
        return True
    if not tokens[0].isalpha() and _province_like(reader, tokens[0]):
        return True  # a code with a board's digit, a letter off (Root Z's "Pat1 H")
    # A support, a convoy or a retreat names a place after its word ("Pari S Mar",
    # "Bres C A Par", "Pay R Gas"): the word before it is a place mistyped, by one
    # letter too ("Rose H", a name and an initial, names nothing after).
    after = 3 if tokens[2:3] and tokens[2] in reader.unit_words else 2
    return (
        kind in ("support", "convoy", "retreat")
        and reader.place_length(after) > 0
        and _place_off(reader.variant, tokens[0])
    )


# Where a line passed over stands to the orders of its mail (:func:`near_order`).
AMONG, ABOVE, BELOW = "among", "above", "below"


def near_order(
    variant: Variant, text: str, syntax: OrderSyntax = STANDARD_SYNTAX, where: str = AMONG
) -> bool:
    """Whether a short line is near an order, so that standing ``where`` it does
    (:data:`AMONG` the orders, :data:`ABOVE` the first or :data:`BELOW` the last)
    it is one mistyped (asked of lines passed over elsewhere, :func:`attempts_order`).
    A heading (``My orders:``) is none.  Among the orders: :func:`_near_among`.
    Next to them, a place as written and an order word slipped
    (:func:`_order_word_slipped_after_place`: ``Kiel holt``, not "Per Holt"), or an
    order of one word slipped at an end (:func:`_order_alone_slipped`: ``Jaive``,
    not "Waite"); above the first, where
    greetings stand but names and initials do not ("Rose H" stands below), a place
    slipped then an order's letter or a move too (:func:`_place_slipped_before_order`:
    ``Pari H``, not "Hi Tom")."""
    if text.rstrip().endswith(":"):
        return False
    reader = reader_for(variant, text, syntax)
    if where == AMONG:
        return _near_among(reader, syntax)
    return (
        _order_word_slipped_after_place(reader)
        or _order_alone_slipped(reader, syntax)
        or (where == ABOVE and _place_slipped_before_order(reader))
    )


def _near_among(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether a line among orders is one mistyped: an order's first word a letter
    off alone (``Jaive``, ``Waivz``), or a place, or a word near one
    (:func:`_near_place`: ``Pari``, ``Roma``, ``Mgs``), then an order word or a word
    a letter off one (``H``, ``holt``, ``hH``, ``N``), or a move sign and a word
    written as a place is (``Mo - Stp``)."""
    words = reader.tokens[:-1]
    if not words:  # punctuation alone (".")
        return False
    if len(words) == 1:
        return _lead_meant(syntax, words[0], changes=True) is not None
    at = reader.place_length(0) or 1
    if not (at > 1 or _near_place(reader, words[0])) or len(words) - at not in (1, 2):
        return False
    word, rest = words[at], words[at + 1 :]
    if rest:
        last = rest[0]
        return reader.keywords.get(word) == "move" and (last.isalnum() and len(last) < 6)
    if len(words[0]) < 3:  # "Pr H", "Mo - Stp": a code cut short, then a letter or sign
        return len(word) == 1
    return len(word) == 1 and word.isalpha() or _order_word_near(reader, word)


def _place_slipped_before_order(reader: Reader) -> bool:
    """Whether the words are a place or one slipped as a name is not
    (:func:`_place_slipped_not_as_name`: ``Pari``, ``Mnu``, ``ROB``), then an
    order's one letter (``H``, ``S``) or a move sign and a place or one near it
    (``Mnu - Ber``): what a greeting never is ("Hi Tom", "Hey GM", "Iris -"), nor
    a name and an initial with a letter changed ("Rose H", "Tom H")."""
    words = reader.tokens[:-1]
    at = reader.place_length(0) or 1
    if len(words) < 2 or not (at > 1 or _place_slipped_not_as_name(reader)):
        return False
    if at == 1 and words[1].isdigit():  # a board's number apart (Root Z's "Pari 1")
        at = 2
    word, rest = words[at], words[at + 1 :]
    kind = reader.keywords.get(word)
    if not rest:
        return len(word) == 1 and word.isalpha() and kind in _UNITLESS_ORDER_WORDS
    return kind == "move" and len(rest) == 1 and _near_place(reader, rest[0], at + 1)


def _place_slipped_not_as_name(reader: Reader) -> bool:
    """Whether the first word is a word of a place's name cut short to four letters
    or more (``Pari``, ``Mosc``, Root Z's ``Pari1``), a code or one-word name with
    two neighbours swapped (:func:`_place_slip`: ``Mnu``), or a code with one slip
    written in capitals as codes are (``ROB``, ``MSO``); not a name with a letter
    changed ("Rose", "Tom", "Rob")."""
    word = reader.tokens[0]
    letters = word.rstrip("0123456789")  # without a board's number (Root Z's "Pari1")
    if not letters.isalpha():
        return False
    names = [*_place_words(reader.variant), *reader.places]
    if len(letters) > 3 and any(name.startswith(letters) and name != letters for name in names):
        return True
    if _place_slip(reader.variant, word):
        return True
    return reader.shown(0).isupper() and _near_place(reader, word)


def _order_alone_slipped(reader: Reader, syntax: OrderSyntax) -> bool:
    """Whether the line is one word: an order of one word (``waive``) with its first
    or last letter changed (``Jaive``, ``Waivr``), not a word a name is written as
    ("Waite", "Wave")."""
    words = reader.tokens[:-1]
    if len(words) != 1:
        return False
    word = words[0]
    meant = _lead_meant(syntax, word, changes=True)
    if (
        meant is None
        or len(word) != len(meant)
        or not _order_of_one_word(reader.variant, meant, syntax)
    ):
        return False
    return word[1:] == meant[1:] or word[:-1] == meant[:-1]


def _order_of_one_word(variant: Variant, word: str, syntax: OrderSyntax) -> bool:
    """Whether ``word`` alone is a whole order (``waive``; not ``build``, ``hold``)."""
    found = _reading(_read_table(variant, syntax), variant, word, syntax)
    return not isinstance(found, str)


def _near_place(reader: Reader, word: str, index: int = 0) -> bool:
    """Whether ``word``, at ``index``, is a place, or a province's code or name (or a
    kind's place, Outer Space's ``orb``) with one slip (:func:`_one_slip`: ``Roma``,
    ``Mgs``, ``ROB``) or cut short (``Pari``, ``Pr``)."""
    if reader.place_length(index) or not word.isalnum() or len(word) < 2:
        return bool(reader.place_length(index))
    names = [*_place_words(reader.variant), *reader.places]
    return any(_one_slip(word, name) or name.startswith(word) for name in names)


@kept_by_variant
def _place_words(variant: Variant) -> frozenset[str]:
    """The codes of the map's provinces (without a board's digits too: Root Z's
    ``par`` of ``par1``) and the words of their names and aliases."""
    words = set()
    for code, province in variant.provinces.items():
        words.update((code, code.rstrip("0123456789")))
        for name in (province.name, *province.aliases):
            words.update(w for w in name.lower().split() if w.isalpha() and len(w) > 2)
    return frozenset(w for w in words if len(w) > 1)


def _order_word_near(reader: Reader, word: str) -> bool:
    """Whether ``word`` is an order word after a unit's place (``hold``, ``H``), or
    one with a slip (:func:`_one_slip`: ``holt``, ``hH``)."""
    return word in _unitless_words(reader) or bool(_order_words_slipped(reader, word))


def _order_word_slipped_after_place(reader: Reader) -> bool:
    """Whether the words are a place as written, then an order word after a unit's
    place of four letters or more with one slip that keeps its first letter
    (``Kiel holt``, ``North Sea hodl``), not written as a name is ("Per Holt")."""
    words = reader.tokens[:-1]
    at = reader.place_length(0)
    if not at or len(words) != at + 1:
        return False
    word = words[at]
    if not word.isalpha() or word in reader.keywords or reader.shown(at).istitle():
        return False
    return any(len(w) > 3 and w[0] == word[0] for w in _order_words_slipped(reader, word))


def _slipped(variant: Variant, text: str, syntax: OrderSyntax) -> bool:
    """Whether one order's text, as written or with a hyphen read as a move sign
    (``Pra-Bru``), is an order with its first word mistyped (:func:`_slip_shaped`)."""
    return any(
        _slip_shaped(reader_for(variant, written, syntax), syntax)
        for written in (text, *_dashes_as_signs(variant, text, syntax))
    )
