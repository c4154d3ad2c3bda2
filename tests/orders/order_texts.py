"""Order texts as players write them on the standard map, made from the map itself:
every unit that could stand in each province with its hold, its moves to every
neighbour, supports of its neighbours' holds and moves, convoys across each sea,
retreats, disbands, builds and removals, each in several spellings (njudge's
compact ``A Vie-Gal``, codes in any case, full names and aliases, ``to``/``->``,
coasts as ``/sc``, ``(sc)``, ``sc`` and ``south coast``), then odd ones: typos,
words left over, missing parts, keywords in the place of names.

Deterministic: the same texts in the same order on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from judge.variant.data import Variant

_COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}


def _spellings(variant: Variant, loc: str) -> list[str]:
    """Ways to write a location: codes in three cases, the name, each alias; a coast
    after a slash, in brackets, alone and in words."""
    province, _, coast = loc.partition("/")
    info = variant.provinces[province]
    names = [province, province.capitalize(), province.upper(), info.name, *info.aliases[:2]]
    if not coast:
        return names
    return [
        f"{province}/{coast}",
        f"{province.capitalize()}/{coast.upper()}",
        f"{province} ({coast})",
        f"{province.upper()} {coast}",
        f"{info.name} {_COAST_WORDS[coast]}",
        f"{info.name} ({coast})",
    ]


_HOLD = ("{u} {p} H", "{u} {p} holds", "{u} {p}", "{p} stands", "{u} {p} hold")
_MOVE = ("{u} {p} - {d}", "{u} {p} to {d}", "{u} {p} -> {d}", "{u} {p} moves to {d}", "{p} - {d}")
_COMPACT = ("{u} {p}-{d}",)  # njudge's compact form: codes only
_SUPPORT = ("{u} {p} S {v} {q}", "{u} {p} supports {v} {q} H", "{u} {p} S {q}")
_SUPPORT_MOVE = ("{u} {p} S {v} {q} - {d}", "{u} {p} supports {v} {q} to {d}", "{p} S {q}-{d}")
_CONVOY = ("{u} {p} C {v} {q} - {d}", "{u} {p} convoys {v} {q} to {d}", "{u} {p} C {v} {q}")
_VIA = ("{u} {p} - {d} via convoy", "{u} {p} -> {d} by convoy", "{u} {p} - {s} - {d}")
_RETREAT = ("{u} {p} R {d}", "{u} {p} retreats to {d}", "{u} {p} D", "{u} {p} disband")
_ADJUST = ("Build {u} {p}", "{u} {p} B", "build {p}", "Remove {u} {p}", "Disband {u} {p}")

_UNIT = {"army": ("A", "a", "Army", "army", ""), "fleet": ("F", "f", "Fleet", "fleet", "")}


class _Writer:
    """Picks spellings in turn from a seeded generator."""

    def __init__(self, variant: Variant, seed: int) -> None:
        self.variant = variant
        self.rng = random.Random(seed)

    def loc(self, loc: str) -> str:
        return self.rng.choice(_spellings(self.variant, loc))

    def code(self, loc: str) -> str:
        province, _, coast = loc.partition("/")
        return f"{province.capitalize()}/{coast}" if coast else province.capitalize()

    def unit(self, kind: str) -> str:
        return self.rng.choice(_UNIT[kind])

    def write(self, shapes: tuple[str, ...], **parts: str) -> list[str]:
        return [shape.format(**parts).strip().replace("  ", " ") for shape in shapes]


def _unit_places(variant: Variant) -> Iterator[tuple[str, str]]:
    """Every (unit kind, location) a unit may stand on."""
    for province in sorted(variant.provinces):
        if not variant.is_sea(province):
            yield "army", province
        if not variant.is_land(province):
            yield from (("fleet", loc) for loc in variant.fleet_locations(province))


def _usual(variant: Variant, w: _Writer) -> Iterator[str]:
    for kind, loc in _unit_places(variant):
        u, p = w.unit(kind), w.loc(loc)
        yield from w.write(_HOLD, u=u, p=p)
        yield from w.write(_RETREAT, u=u, p=p, d=w.loc(loc))
        yield from w.write(_ADJUST, u=u, p=p)
        targets = sorted(variant.neighbours(kind, loc))
        for dest in targets:
            yield from w.write(_MOVE, u=w.unit(kind), p=w.loc(loc), d=w.loc(dest))
            yield from w.write(_COMPACT, u=w.unit(kind)[:1], p=w.code(loc), d=w.code(dest))
            yield from w.write(_RETREAT[:2], u=w.unit(kind), p=w.loc(loc), d=w.loc(dest))
        for other_kind, other in _unit_places(variant):
            if other == loc or variant.province_of(other) not in _provinces(variant, targets):
                continue
            v, q = w.unit(other_kind), w.loc(other)
            yield from w.write(_SUPPORT, u=w.unit(kind), p=w.loc(loc), v=v, q=q)
            for dest in sorted(variant.neighbours(other_kind, other)):
                if variant.province_of(dest) in _provinces(variant, targets):
                    yield from w.write(
                        _SUPPORT_MOVE, u=w.unit(kind), p=w.loc(loc), v=v, q=q, d=w.loc(dest)
                    )
        if kind == "fleet" and variant.is_sea(loc):
            shores = [t for t in targets if not variant.is_sea(variant.province_of(t))]
            armies = sorted({variant.province_of(t) for t in shores})
            for army in armies:
                for dest in armies:
                    if dest != army:
                        parts = dict(u=w.unit(kind), p=w.loc(loc), v=w.unit("army"), q=w.loc(army))
                        yield from w.write(_CONVOY, **parts, d=w.loc(dest))
                        yield from w.write(
                            _VIA, u=w.unit("army"), p=w.loc(army), d=w.loc(dest), s=w.loc(loc)
                        )


def _provinces(variant: Variant, locs: list[str]) -> set[str]:
    return {variant.province_of(loc) for loc in locs}


def _odd(variant: Variant, w: _Writer, usual: list[str]) -> Iterator[str]:
    """The usual texts spoilt: a letter dropped or doubled, a word left over, a word
    dropped, a keyword for a name, case and spaces changed; and short junk."""
    spoil: list[Callable[[str], str]] = [
        lambda t: t[:-1],
        lambda t: t + t[-1],
        lambda t: f"{t} please",
        lambda t: " ".join(t.split()[:-1]),
        lambda t: " ".join(t.split()[1:]),
        lambda t: t.replace(" ", "  ").upper(),
        lambda t: t.lower().replace(" - ", "-"),
        lambda t: t.replace(t.split()[-1], w.rng.choice(["s", "c", "h", "to", "via", "nc"])),
        lambda t: f"{t} - {w.loc(w.rng.choice(sorted(variant.provinces)))}",
        lambda t: f"{t}, {t}",
        lambda t: t.replace("-", " \u2013 "),
        lambda t: f"{t}.",
    ]
    for text in w.rng.sample(usual, min(len(usual), 2500)):
        yield w.rng.choice(spoil)(text)
    yield from (
        "",
        "A",
        "F",
        "H",
        "-",
        "to",
        "Waive",
        "waive 1",
        "build",
        "A Par S",
        "A Par C",
        "A Par - ",
        "F StP/sc - Bot",
        "F Spa(nc) - Mao",
        "F Spa (south) H",
        "A Pari H",
        "Army Vienna to Galicia",
        "A Vie-Gal",
        "A Vie-Srb",
        "F StP/sc-Bot",
        "A Par - Bur - Mun",
        "A Lon - Nth - Nwy",
        "F Nth C A Lon",
        "A Bud -> Ser by convoy",
        "A Par h h",
        "Thanks!",
        "Cheers, Bob",
        "Sent from my iPhone",
        "A ORB H",
        "a par - bur via",
    )


def standard_order_texts(variant: Variant, seeds: tuple[int, ...] = (27, 28)) -> list[str]:
    """The corpus: every usual order of the map in several spellings (drawn anew for
    each seed), then odd ones; each text once."""
    texts: list[str] = []
    for seed in seeds:
        writer = _Writer(variant, seed)
        usual = list(dict.fromkeys(_usual(variant, writer)))
        texts += usual + list(_odd(variant, writer, usual))
    return list(dict.fromkeys(texts))
