"""Empires named by the players of a game (variants with ``empires_per_game``, such
as "It Came From Outer Space": any number of galactic empires from two up).

A player names an empire at JOIN with three words after ``EMPIRE``: its name, its
adjective and its initial (``JOIN space1 secret EMPIRE Alpha Alphan A``).  The
name's lower case is the empire's code in the position and the orders.  A new
empire must not clash with the game's other empires (no name, adjective or initial
used twice, not even across kinds: one empire's adjective may not be another's
name) nor with the map (a province's code, name or alias) nor with the words of
orders, so that every order stays unambiguous.

The empires are kept where every later step reads them: in the game's stored
position (``powers`` and ``empires``, docs/variants.md).  While the game forms, its
position is the empty start naming the empires joined so far (a withdrawn JOIN takes
its empire out); when it starts, the ruleset places them (a spacecraft of three
armies each).  The applicant's preference is its empire's code, so the start gives
each player their own empire.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from judge.game.processing import set_game_position
from judge.rules.registry import ruleset_for_game
from judge.store.models import Game
from judge.variant.empires import Empire, empires_of

EMPIRE_KEYWORD = "EMPIRE"
EMPIRE_SYNTAX = "EMPIRE <name> <adjective> <initial>"
_WORD = re.compile(r"^[A-Za-z]{2,20}$")
_INITIAL = re.compile(r"^[A-Za-z]$")
# Words of orders and of the judge's replies that an empire's name or adjective must
# not be, so that ``A Bur S A ORB(Alpha) - Par`` and the like read one way only.
_RESERVED = frozenset(
    [
        *("army", "fleet", "orb", "orbit", "hold", "holds", "support", "supports"),
        *("convoy", "convoys", "retreat", "retreats", "disband", "disbands", "build"),
        *("builds", "remove", "removes", "waive", "waives", "col", "colonize", "colonise"),
        *("colonizes", "colonises", "colony", "brainwash", "assimilate", "via", "to"),
        *("move", "moves"),
        *("from", "all", "none", "nobody", "judge", "master", "observer", "empire"),
        *("empires", "clear", "press", "broadcast", "signon", "join", "end"),
    ]
)


def parse_empire(words: Sequence[str]) -> Empire:
    """The empire named by the words after EMPIRE; ValueError with a message for the
    player."""
    if len(words) != 3:
        raise ValueError(
            f"name your empire with three words, {EMPIRE_SYNTAX} (e.g. EMPIRE Alpha Alphan A)"
        )
    name, adjective, initial = words
    for what, word in (("name", name), ("adjective", adjective)):
        if not _WORD.match(word):
            raise ValueError(
                f"{word!r} cannot be your empire's {what}: use one word of 2 to 20 letters"
            )
    if not _INITIAL.match(initial):
        raise ValueError(f"{initial!r} cannot be your empire's initial: use one letter")
    return Empire(name.lower(), _capital(name), _capital(adjective), initial.upper())


def _capital(word: str) -> str:
    """A word with a capital first letter, the rest as typed."""
    return word[:1].upper() + word[1:]


def empire_problems(
    empire: Empire,
    others: Iterable[Empire],
    province_of: Callable[[str], str | None],
) -> list[str]:
    """Why ``empire`` cannot join a game with the empires ``others`` on a map whose
    names ``province_of`` reads (a variant's ``lookup_province``): one sentence a
    clash, none when it may join."""
    problems: list[str] = []
    for what, word in (("name", empire.name), ("adjective", empire.adjective)):
        if word.lower() in _RESERVED:
            problems.append(f"the {what} {word} is a word of orders")
        elif province_of(word) is not None:
            problems.append(f"the {what} {word} names a province ({province_of(word)})")
    for other in others:
        taken = {other.code, other.name.lower(), other.adjective.lower()}
        for what, word in (("name", empire.name), ("adjective", empire.adjective)):
            if word.lower() in taken:
                problems.append(f"the {what} {word} is taken by the empire {other.name}")
        if empire.initial == other.initial:
            problems.append(f"the initial {empire.initial} is taken by the empire {other.name}")
    return problems


def game_empires(game: Game) -> list[Empire]:
    """The empires a game's stored position names, in the order they joined."""
    doc = game.position_doc()
    return empires_of(doc) if doc.get("powers") else []


def set_game_empires(game: Game, empires: Sequence[Empire]) -> None:
    """Name a forming game's empires in its position (``powers`` and ``empires`` of
    the empty starting position); :func:`place_empires` gives them their spacecraft
    when the game starts."""
    doc = ruleset_for_game(game).starting_position(game.variant)
    doc["powers"] = [e.code for e in empires]
    doc["empires"] = {e.code: e.record() for e in empires}
    set_game_position(game, doc)


def place_empires(game: Game) -> None:
    """The starting position of a game's empires, each with its spacecraft of three
    armies (the ruleset's), stored when the game starts."""
    rules = ruleset_for_game(game)
    doc = rules.empire_position(game.position_doc(), game_empires(game))
    set_game_position(game, doc)
