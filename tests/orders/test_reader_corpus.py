"""The order reader's reading of many order texts on four maps, pinned: the texts
of every shape of hold, move, support, convoy, retreat, disband and build, with unit
words, province codes, names of one and several words, coasts in every spelling,
keywords in the place of names and words that are nothing, and what the reader
made of each (the parsed order or the refusal), recorded before the reader took its
short ways for a name of one word and for a name with nothing after it
(``reader_corpus.json.gz``).  The texts were first made to check ``read_usual``, a
second reading of the usual standard forms now folded into the reader (issue 27).
Recorded again when the reader came to skip a second move sign ("A Par -- Bur",
"-->", ">>", "R - Gas"): texts with two signs in a row that were refused are read,
and refusals of a sign with nothing after it name the end of the order.  Recorded
again when a move written through the places of its convoy came to go via convoy
(``A Bre-Eng-Pic``, njudge's rules XII.6): those texts read as before with
``via_convoy=True``; nothing else changed.  Recorded again when an ``R`` with nothing
after it (``A Ion R``, ``R Rome``) came to read as njudge's removal word (a removal
in an adjustment phase, refused for want of a destination in the others): the ten
texts so written, refused before, read as that; nothing else changed.  Recorded
again when a reading came to say whether it is a unit and nothing after it
(``alone``, njudge's build or removal without its word in an adjustment phase):
every reading as before with ``alone`` after it, True for 466 holds; nothing else
changed.  Recorded again when a route through a place no fleet convoys from came to
be refused (``A Gre - Tunis - Pie``: "Tunis is no sea"): 302 texts on the four maps
read before as moves via convoy, and 74 refused for another reason (what follows the
route), are refused so; nothing else changed.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from judge.orders.reader import OrderSyntaxError
from judge.orders.standard import STANDARD_SYNTAX
from judge.orders.text import _read_order
from judge.variant.data import Variant, load_variant


def names(variant: Variant, rng: random.Random) -> list[str]:
    """Ways to name places: codes, full names, coasts written every way, and words
    that are keywords or nothing."""
    provinces = sorted(variant.provinces)
    found = []
    for code in rng.sample(provinces, min(12, len(provinces))):
        found += [code, code.upper(), variant.provinces[code].name]
        for loc in variant.fleet_locations(code):
            if "/" not in loc:
                continue
            coast = loc.split("/")[1]
            found += [loc, f"{code} ({coast})", f"{code} {coast}", f"{code}/{coast.upper()}"]
    found += ["S", "c", "to", "a", "via", "Nowhere", "Pa", "h", "-", ""]
    return found


UNITS = ["A", "F", "army", "Fleet", ""]


def texts(variant: Variant, seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    places = names(variant, rng)

    def unit() -> str:
        return f"{rng.choice(UNITS)} {rng.choice(places)}".strip()

    def place() -> str:
        return rng.choice(places)

    shapes = [
        lambda: f"{unit()} H",
        lambda: f"{unit()} holds",
        lambda: unit(),
        lambda: f"{unit()} - {place()}",
        lambda: f"{unit()} -> {place()} via convoy",
        lambda: f"{unit()} - {place()} via",
        lambda: f"{unit()} to {place()}",
        lambda: f"{unit()} - to {place()}",
        lambda: f"{unit()} - {place()} - {place()}",
        lambda: f"{unit()} R {place()}",
        lambda: f"{unit()} S {unit()}",
        lambda: f"{unit()} S {unit()} H",
        lambda: f"{unit()} S {unit()} - {place()}",
        lambda: f"{unit()} supports {unit()} to {place()}",
        lambda: f"{unit()} C {unit()} - {place()}",
        lambda: f"{unit()} C {unit()}",
        lambda: f"{unit()} D",
        lambda: f"Build {unit()}",
        lambda: f"{unit()} S {unit()} - {place()} extra",
    ]
    return [rng.choice(shapes)() for _ in range(count)]


CORPUS = json.loads(gzip.decompress((Path(__file__).parent / "reader_corpus.json.gz").read_bytes()))


def read(variant: Variant, text: str) -> str:
    """What the reader makes of a text, as the corpus writes it."""
    try:
        return repr(_read_order(variant, text, STANDARD_SYNTAX))
    except OrderSyntaxError as error:
        return f"refused: {error}"


@pytest.mark.parametrize("name", ["standard", "colonial", "rootz", "outerspace"])
def test_the_reader_reads_the_corpus_as_recorded(name: str) -> None:
    variant = load_variant(name)
    rows = CORPUS[name]
    assert [text for text, _ in rows] == list(dict.fromkeys(texts(variant, len(name), 4000)))
    wrong = [(text, was, read(variant, text)) for text, was in rows if read(variant, text) != was]
    assert not wrong, wrong[:10]
    assert sum(1 for _, was in rows if not was.startswith("refused")) > 1000
