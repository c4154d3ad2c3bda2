"""The one-pass reading of the usual standard orders (judge.orders.standard.read_usual)
gives what the general reader gives, or leaves the text to it.

Texts are made from every shape of hold, move, support and convoy with unit words,
province codes, names of one and several words, coasts in every spelling, keywords
in the place of names and words that are nothing, on the maps in ``variants/``.
"""

from __future__ import annotations

import itertools
import random

import pytest

from judge.orders.reader import OrderSyntaxError, ParsedOrder
from judge.orders.standard import STANDARD_SYNTAX, read_usual
from judge.orders.text import _read_order
from judge.variant.data import Variant, load_variant

# The same kinds and words as STANDARD_SYNTAX, but another object: read by the
# general reader alone.
GENERAL = STANDARD_SYNTAX.extended(STANDARD_SYNTAX.engine)


def general(variant: Variant, text: str) -> ParsedOrder | str:
    try:
        return _read_order(variant, text, GENERAL)
    except OrderSyntaxError as error:
        return f"refused: {error}"


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


@pytest.mark.parametrize("name", ["standard", "colonial", "rootz", "outerspace"])
def test_the_usual_forms_are_read_as_the_reader_reads_them(name: str) -> None:
    variant = load_variant(name)
    read = 0
    for text in texts(variant, seed=len(name), count=4000):
        usual = read_usual(variant, text)
        if usual is not None:
            read += 1
            assert usual == general(variant, text), text
    assert read > 400  # one in ten at least (most shapes have a coast or a junk word)


def test_every_simple_order_of_the_standard_map_is_read_in_one_pass() -> None:
    variant = load_variant("standard")
    seas = ["NTH", "ENG", "MAO"]
    for army, fleet, dest in itertools.product(["PAR", "Bur"], seas, ["BEL", "Mun"]):
        for text in (
            f"A {army} H",
            f"A {army} - {dest}",
            f"{army} - {dest} via convoy",
            f"F {fleet} S A {army}",
            f"F {fleet} S A {army} - {dest}",
            f"F {fleet} C A {army} - {dest}",
        ):
            usual = read_usual(variant, text)
            assert usual is not None, text
            assert usual == general(variant, text), text


def test_coasts_and_names_of_several_words_are_left_to_the_reader() -> None:
    variant = load_variant("standard")
    for text in (
        "F StP/sc - Bot",
        "F Spa (nc) H",
        "F Mao - Spa nc",
        "F Mao - Spain north coast",
        "A North Africa H",
        "A Par - Bur - Mun",
        "A Par S F Bre - Mao extra",
        "F Nth C A Lon",
    ):
        assert read_usual(variant, text) is None, text
