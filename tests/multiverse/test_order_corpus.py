"""The multiverse order corpus: every order text the tests fed the multiverse
notation (recorded with the worlds they were read in), orders of seeded random
games written in each form players may use (full triples, turn or timeline left
out, bare provinces, capitals, ``Spring 1901``, 5dplomacy's ``alfa:MUN:Spring01``),
and a list of edge cases (spacing, coasts, keywords, typos, MDATC's ``Munich
1:0``), each read in the world it was recorded in.  ``order_corpus.json.gz`` holds
what the reader made of each (the order, its canonical text, or the refusal), as
recorded before the multiverse notation was read by the one order reader: the
reader must give the same, so that no order form changes meaning.

The sign-off filter's answers (is a line an attempt at an order?) for the lines
the tests asked about are pinned the same way."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from judge.rules.multiverse.order_text import parse_order
from judge.rules.registry import ruleset_for

from .corpus_worlds import base_of, order_signature, world_of

CORPUS = json.loads(gzip.decompress((Path(__file__).parent / "order_corpus.json.gz").read_bytes()))


def _read(world: Any, base: Any, power: str, text: str, retreat: Any, literal: bool) -> list:
    try:
        found = parse_order(world, base, power, text, retreat=retreat, literal=literal)
    except Exception as exc:  # the record keeps crashes too (an empty text on Colonial boards)
        return ["raises", type(exc).__name__]
    signature = None if found.order is None else order_signature(found.order)
    return [found.ok, found.canonical, found.message, signature]


def _by_world() -> dict[str, list[list[Any]]]:
    grouped: dict[str, list[list[Any]]] = defaultdict(list)
    for entry in CORPUS["orders"]:
        grouped[entry[2]].append(entry)
    return grouped


# Forms the notation refused that the one order reader reads, as in every other
# game: each reads exactly as its usual spelling does (the same order, or the same
# reason with the text said).
NOW_READ = {
    "A mun sup A ber": "A mun S A ber",  # "sup"
    "F nth move nwg": "F nth - nwg",  # "move"
    "waives": "waive",
    "w": "waive",
    "A par b": "build A par",  # a build written after its unit
}
# Orders refused by both (or, for a blank text on Colonial boards, which the board
# rules' reading did not survive, refused now), whose reason is now the reader's:
# broken order syntax
# ("expected a destination, found 'the end of the order'" for "A mun -", not
# "cannot read 'a mun -' as an order"), a rail path whose middle is no province,
# a hyphen joining a place that is none on the map.
NOW_WORDED = {
    "",
    "A",
    "build",
    "remove",
    "A mun S",
    "A mun -",
    "A mun - boh H",
    "A lon - nwy via",
    "F nth C A lon",
    "A ber - kie, A mun - ber",
    "A 1:mun-1:boh",
    "A Mos - TSR - War",
    "A Irk - TSR - 1:mos:S1870",
    "Thanks!",  # a "!" is read as a space: the word is named without it
    # a unit named on a timeline that does not exist, or at a turn no active board
    # is at: the reason says so ("there is no timeline 2", "... in S1901 (S1901 is
    # not an active board's turn)"), not only that no active board holds the unit
    "A 7:par - bur",
    "A bravo:mun - boh",
    "A b1:mun H",
    "A mun:S1901 H",
    "A mun:F01 H",
    "A mun:fall 1901 H",
    "A mun:autumn 1901 H",
    "A mun:winter 01 H",
    # a build whose board is unclear in a 5dplomacy world names the Spring boards
    # that wait as 5dplomacy writes them, not "several winter boards"
    "build A kie",
    "build A kie:S1903",
    "build A rom",
    "build A rom:S1903",
    "build A ber",
    "build A ber:S1903",
    # a word after a place is no part of it (as in standard games): "did not
    # understand 'extra' at the end", not "'boh extra' is not a province"
    "A mun - boh extra",
    # a written path through a land province: read for a while as a move via convoy
    # to its last step; "Bohemia is no sea: a convoy's route goes by sea only"
    "A mun - boh - gal",
    # a move written without spaces on a map without those names: its first word
    # that is no province is named ("'nth' is not a province"), not the whole
    # ("'nth-nwg' is not a province (did you mean Nanchang?)")
    "F nth-nwg",
    "A mun-boh",
    # a disband or removal while no unit must retreat and no board takes
    # adjustments: "not possible now", not "no unit in Munich on an active winter
    # board", which told the player the army stood elsewhere
    "remove A mun",
    "disband A mun",
    "d A mun",
    "A mun d",
    "A mun disband",
    "A mun disbands",
    "A mun remove",
}
# A retreat (its word "R", "retreat", "retreats to") in a turn where no unit must
# retreat was read as a move and accepted ("A mun r boh": A 1:mun:S1901 -
# 1:boh:S1901), where a standard game refuses a retreat in a movement phase: the
# player wrote a retreat, which cannot be given now, and a move was adjudicated in
# its place.  It is refused now, saying so.
NOW_REFUSED_RETREATS = {
    "A mun r boh",
    "A mun retreat boh",
    "A mun retreats to boh",
    "A mun retreat to boh",
}
_NOT_NOW = "a retreat order is not possible now: no unit must retreat"


def _winter_worded(expected: list, got: list) -> bool:
    """An order for a unit that stands on a winter board, refused before as if no
    active board held it ("no unit in Munich on an active board of timeline 1"):
    its reason now says where it stands ("the unit in Munich stands on a winter
    board, where only builds, removals and waives are possible"; in 5dplomacy, which
    has no winter, "stands on board alfa:Spring02, which waits for its builds")."""
    return (
        expected[0] is False
        and got[0] is False
        and ": no unit in " in expected[2]
        and (
            " stands on a winter board, where only builds" in got[2]
            or ", which waits for its builds and removals: its units take no" in got[2]
        )
        and expected[2].split(": no unit in ")[0] == got[2].split(": the unit in ")[0]
    )


def _retreat_refused(text: str, got: list) -> bool:
    """A retreat read as a move before, refused now (:data:`NOW_REFUSED_RETREATS`)."""
    return text in NOW_REFUSED_RETREATS and got[:3] == [False, None, f"{text}: {_NOT_NOW}"]


@pytest.mark.parametrize("world_key", sorted(_by_world()))
def test_each_order_of_the_corpus_reads_as_recorded(world_key: str) -> None:
    world = world_of(CORPUS["worlds"][world_key])
    wrong = []
    for variant, board, _, power, text, retreat, literal, expected in _by_world()[world_key]:
        base = base_of(variant, board)
        got = _read(world, base, power, text, retreat, literal)
        if got == expected:
            continue
        if text in NOW_READ:
            usual = NOW_READ[text]
            same = _read(world, base, power, usual, retreat, literal)
            if same[2] is not None:
                same[2] = same[2].replace(f"{usual}: ", f"{text}: ", 1)
            if got == same:
                continue
        elif (
            (
                text in NOW_WORDED
                and expected[0] in (False, "raises")
                and got[0] is False
                and got[2].startswith(f"{text.strip()}: ")
            )
            or _winter_worded(expected, got)
            or _retreat_refused(text, got)
        ):
            continue
        wrong.append((power, text, retreat, literal, expected, got))
    assert not wrong, "\n".join(map(repr, wrong[:20]))


def test_the_sign_off_filter_answers_as_recorded() -> None:
    wrong = [
        (variant, text, expected)
        for variant, text, expected in CORPUS["attempts"]
        if ruleset_for(variant, "multiverse").order_attempt(variant, text) != expected
    ]
    assert not wrong, wrong


def test_the_corpus_covers_every_form() -> None:
    """Guard against a corpus emptied by mistake: it holds thousands of orders, read
    and refused, in reference, 5dplomacy and Colonial worlds."""
    orders = CORPUS["orders"]
    assert len(orders) > 9000
    assert sum(1 for o in orders if o[-1][0] is True) > 4000
    assert sum(1 for o in orders if o[-1][0] is False) > 2000
    assert {o[0] for o in orders} == {"standard", "colonial"}
    assert any(CORPUS["worlds"][o[2]]["rules"] == "5dplomacy" for o in orders)


# ------------------------------------------------------------ random texts

WORDS = [
    "A",
    "F",
    "Army",
    "fleet",
    "waive",
    "build",
    "remove",
    "disband",
    "S",
    "C",
    "H",
    "-",
    "->",
    "to",
    "via",
    "convoy",
    "supports",
    "holds",
    "R",
    "retreat",
    "1:mos:S1870",
    "1:irk:S1870",
    "TSR",
    "mos",
    "vla",
    "irk",
    "x",
    "1:0",
    "2:0",
    "Munich",
    "Tyrolia",
    "(nc)",
    "/",
    ":",
    "s1901",
    "S1901",
    "F1901",
    "1:par:W1901",
    "2:mun",
    "mun:S1901",
    "bud-srb",
    "1:mun-1:boh",
    "spa/nc",
    "b",
    "d",
    "w",
    "1:mun:S1901",
    "1:boh:S1901",
    "2:mun:F1901",
    "par",
    "bur",
    "mar",
    "mun",
    "ber",
    "kie",
    "boh",
    "tyr",
    "gal",
    "vie",
    "alfa:MUN:Spring01",
    "bravo:BOH:Fall01",
    "nth",
    "lon",
    "nwy",
]
FUZZ = json.loads(gzip.decompress((Path(__file__).parent / "order_fuzz.json.gz").read_bytes()))
# Random texts the notation read that the reader refuses: junk after a complete
# order (a trailing move sign, an "H" after a supported move), as in every game;
# a retreat in a turn where no unit must retreat (see NOW_REFUSED_RETREATS).
FUZZ_NOW_REFUSED = {"disband vie -", "Munich supports 1:mun-1:boh H", "Tyrolia retreat vie"}


def test_random_texts_the_notation_read_are_read_the_same() -> None:
    """12,500 texts of random words read in the corpus' worlds by the notation;
    the 403 it accepted (``order_fuzz.json.gz``) read as the same orders."""
    wrong = []
    for variant, board, key, power, text, (_, canonical, signature) in FUZZ:
        world = world_of(CORPUS["worlds"][key])
        got = _read(world, base_of(variant, board), power, text, None, False)
        same = (got[0], got[1], got[3]) == (True, canonical, signature)
        if not same and text not in FUZZ_NOW_REFUSED:
            wrong.append((text, canonical, got))
    assert not wrong, wrong[:10]
    assert len(FUZZ) > 400


def test_no_text_of_random_words_makes_the_reader_raise() -> None:
    import random

    rng = random.Random(27)
    keys = sorted(_by_world())[::15]
    for key in keys:
        entry = _by_world()[key][0]
        world, base = world_of(CORPUS["worlds"][key]), base_of(entry[0], entry[1])
        for _ in range(100):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 7)))
            assert _read(world, base, entry[3], text, None, False)[0] != "raises", text
