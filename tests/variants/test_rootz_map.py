"""The Root Z map (variants/rootz), generated from the standard map and the cut.

The facts checked are those of the Root Z rules (Creed, Hyer, Nelson, 1993): two
standard boards, the cut along Mar-Pie, Mar-GoL, Spa-GoL, Spa-Wes, MAO-Wes and MAO-NAf
(rule 4.0), a unit crossing it moving to the other board (rule 4.2).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from judge.orders.text import parse_order
from judge.variant.data import REPO_ROOT, Variant, load_variant

ROOTZ_DIR = REPO_ROOT / "variants" / "rootz"
GENERATOR = REPO_ROOT / "tools" / "make_rootz.py"
# Rule 4.0: the borders of the standard map the cut runs along.
CUT = (
    ("mar", "pie"),
    ("mar", "lyo"),
    ("spa", "lyo"),
    ("spa", "wes"),
    ("mao", "wes"),
    ("mao", "naf"),
)
BOARD_POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


@pytest.fixture(scope="module")
def rootz() -> Variant:
    return load_variant("rootz")


@pytest.fixture(scope="module")
def std() -> Variant:
    return load_variant("standard")


@pytest.fixture(scope="module")
def rootz_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_rootz", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_rootz", module)
    spec.loader.exec_module(module)
    return module


def army_edges(v: Variant) -> set[frozenset[str]]:
    return {frozenset((p, q)) for p in v.provinces for q in v.army_neighbours(p)}


def fleet_edges(v: Variant) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a in v.locations() for b in v.fleet_neighbours(a)}


def edges(*pairs: str) -> set[frozenset[str]]:
    """``"mar1 pie2"`` -> ``{frozenset({"mar1", "pie2"})}``."""
    return {frozenset(pair.split()) for pair in pairs}


def board(loc: str) -> str:
    """The board digit of a Root Z location: ``"spa1/sc"`` -> ``"1"``."""
    return loc.partition("/")[0][-1]


def standard_loc(loc: str) -> str:
    """The standard location a Root Z location copies: ``"spa1/sc"`` -> ``"spa/sc"``."""
    code, slash, coast = loc.partition("/")
    return f"{code[:-1]}{slash}{coast}"


def crossing(edge_set: set[frozenset[str]]) -> set[frozenset[str]]:
    return {e for e in edge_set if len({board(loc) for loc in e}) == 2}


# -- counts ------------------------------------------------------------------


def test_rootz_counts(rootz: Variant) -> None:
    assert len(rootz.provinces) == 150
    kinds = [p.kind for p in rootz.provinces.values()]
    assert (kinds.count("land"), kinds.count("coast"), kinds.count("sea")) == (28, 84, 38)
    for digit in "12":
        assert sum(board(code) == digit for code in rootz.provinces) == 75
    assert len(rootz.supply_centers) == 68
    homes = {c for c in rootz.supply_centers if rootz.provinces[c].home_of}
    assert len(homes) == 44
    assert len(rootz.supply_centers - homes) == 24
    assert len(rootz.starting_units) == 44
    assert len(army_edges(rootz)) == 222
    assert len(fleet_edges(rootz)) == 282
    assert rootz.start_phase == "S1901M"
    assert rootz.victory_centers == 18 and not rootz.victory_majority


def test_rootz_powers_are_the_seven_once_per_board(rootz: Variant) -> None:
    assert list(rootz.powers) == [f"{p}{d}" for d in "12" for p in BOARD_POWERS]
    france2 = rootz.powers["france2"]
    assert (france2.name, france2.adjective, france2.initial) == ("France 2", "French 2", "F")
    assert france2.home_centers == ("bre2", "mar2", "par2")
    russia1 = rootz.powers["russia1"]
    assert sorted(russia1.home_centers) == ["mos1", "sev1", "stp1", "war1"]


def test_rootz_every_power_starts_as_its_standard_self_on_its_own_board(
    rootz: Variant, std: Variant
) -> None:
    expected = {
        (f"{power}{d}", kind, f"{loc.partition('/')[0]}{d}" + loc[len(loc.partition("/")[0]) :])
        for d in "12"
        for power, kind, loc in std.starting_units
    }
    assert set(rootz.starting_units) == expected
    for code, power in rootz.powers.items():
        digit = code[-1]
        assert all(board(c) == digit for c in power.home_centers)
        assert rootz.starting_centers[code] == power.home_centers
        base = std.powers[code[:-1]]
        assert [standard_loc(c) for c in power.home_centers] == list(base.home_centers)


def test_rootz_switzerland_is_no_province_of_either_board(rootz: Variant) -> None:
    assert not {"swi", "swi1", "swi2"} & set(rootz.provinces)
    # The pole of the cut: the provinces around it touch neither board's Switzerland.
    assert rootz.army_neighbours("mar1") == {"bur1", "gas1", "spa1", "pie2"}


# -- the cut -----------------------------------------------------------------


def test_rootz_army_edges_crossing_the_cut_are_exactly_mar_pie(rootz: Variant) -> None:
    assert crossing(army_edges(rootz)) == edges("mar1 pie2", "mar2 pie1")


def test_rootz_fleet_edges_crossing_the_cut_are_exactly_the_twelve(rootz: Variant) -> None:
    assert crossing(fleet_edges(rootz)) == edges(
        "mar1 pie2",
        "mar1 lyo2",
        "spa1/sc lyo2",
        "spa1/sc wes2",
        "mao1 wes2",
        "mao1 naf2",
        "mar2 pie1",
        "mar2 lyo1",
        "spa2/sc lyo1",
        "spa2/sc wes1",
        "mao2 wes1",
        "mao2 naf1",
    )


@pytest.mark.parametrize("kind", ["army", "fleet"])
def test_rootz_every_standard_edge_appears_once_per_board(
    rootz: Variant, std: Variant, kind: str
) -> None:
    """Each Root Z edge copies one standard edge; each standard edge is copied twice:
    within each board, or across the cut (X1-Y2 and X2-Y1) if it is a cut border."""
    edges_of = army_edges if kind == "army" else fleet_edges
    copies: dict[frozenset[str], list[frozenset[str]]] = {}
    for edge in edges_of(rootz):
        copies.setdefault(frozenset(standard_loc(loc) for loc in edge), []).append(edge)
    assert set(copies) == edges_of(std)
    cut = {frozenset(pair) for pair in CUT}
    for standard_edge, rootz_edges in copies.items():
        assert len(rootz_edges) == 2, standard_edge
        provinces = frozenset(loc.partition("/")[0] for loc in standard_edge)
        boards = sorted("".join(sorted(board(loc) for loc in e)) for e in rootz_edges)
        assert boards == (["12", "12"] if provinces in cut else ["11", "22"]), standard_edge


def test_rootz_rule_4_2_mar1_neighbours(rootz: Variant) -> None:
    # "Mar1 is adjacent to Bur1, GAS1, Spa1, GoL2, Pie2."
    reach = rootz.army_neighbours("mar1") | {
        rootz.province_of(loc) for loc in rootz.fleet_neighbours("mar1")
    }
    assert reach == {"bur1", "gas1", "spa1", "lyo2", "pie2"}


def test_rootz_same_board_borders_along_the_cut(rootz: Variant) -> None:
    """The borders the cut does not run along stay on their own board."""
    assert rootz.army_can_move("mar1", "spa1") and rootz.army_can_move("mar1", "gas1")
    assert rootz.army_can_move("spa2", "por2")
    assert rootz.fleet_can_move("mao1", "spa1/nc") and rootz.fleet_can_move("mao1", "spa1/sc")
    assert rootz.fleet_can_move("pie2", "lyo2") and rootz.fleet_can_move("lyo1", "wes1")
    assert rootz.fleet_can_move("wes2", "naf2")
    assert not rootz.army_can_move("mar1", "pie1")
    assert not rootz.fleet_can_move("mao1", "naf1")
    assert not rootz.fleet_can_move("spa2/sc", "wes2")


# -- names -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("mar1", "mar1"),
        ("Mar1", "mar1"),
        ("Mar 1", "mar1"),
        ("Marseilles 1", "mar1"),
        ("1Mar", "mar1"),
        ("1 Marseilles", "mar1"),
        ("GoL2", "lyo2"),
        ("Gulf of Lyon 2", "lyo2"),
        ("Mid-Atlantic 1", "mao1"),
        ("st. petersburg 2", "stp2"),
        ("2 NAf", "naf2"),
    ],
)
def test_rootz_province_names(rootz: Variant, text: str, code: str) -> None:
    assert rootz.lookup_province(text) == code


def test_rootz_a_name_without_board_names_nothing(rootz: Variant) -> None:
    for text in ("mar", "Marseilles", "gol", "spa", "3mar", "mar3"):
        assert rootz.lookup_province(text) is None, text


def test_rootz_every_standard_name_is_read_with_either_digit(rootz: Variant, std: Variant) -> None:
    for code, prov in std.provinces.items():
        for text in (code, prov.name, *prov.aliases):
            for digit in "12":
                assert rootz.lookup_province(f"{text}{digit}") == f"{code}{digit}", text
                assert rootz.lookup_province(f"{text} {digit}") == f"{code}{digit}", text
                assert rootz.lookup_province(f"{digit}{text}") == f"{code}{digit}", text


@pytest.mark.parametrize(
    ("text", "code"),
    [("France 1", "france1"), ("F1", "france1"), ("1F", "france1"), ("french 2", "france2")],
)
def test_rootz_power_names(rootz: Variant, text: str, code: str) -> None:
    assert rootz.lookup_power(text) == code


def test_rootz_a_shared_initial_names_no_power(rootz: Variant) -> None:
    assert rootz.lookup_power("F") is None
    assert rootz.lookup_power("france") is None


@pytest.mark.parametrize(
    ("text", "action", "places"),
    [
        ("A Mar1 - Pie2", "move", ("mar1", "pie2")),  # rule 4.3
        ("F Pie1 - Mar2", "move", ("pie1", "mar2")),  # rule 4.3
        ("A Mar1 S F GoL2 - Pie2", "support", ("mar1", "lyo2", "pie2")),  # rule 4.2
        ("F Wes2 C A Spa1 - Tun2", "convoy", ("wes2", "spa1", "tun2")),  # rule 4.4
        ("A Mar 1 - Piedmont 2", "move", ("mar1", "pie2")),
        ("A 1Mar - 2Pie", "move", ("mar1", "pie2")),
    ],
)
def test_rootz_rule_examples_are_read(
    rootz: Variant, text: str, action: str, places: tuple[str, ...]
) -> None:
    order = parse_order(rootz, text)
    assert order.action == action
    read = [p.province for p in (order.place, order.target, order.dest) if p is not None]
    assert tuple(read) == places


def test_rootz_rule_examples_are_moves_the_map_allows(rootz: Variant) -> None:
    assert rootz.army_can_move("mar1", "pie2")  # 4.3
    assert rootz.fleet_can_move("pie1", "mar2")  # 4.3: a different border from the first
    assert rootz.fleet_can_move("lyo2", "pie2") and rootz.army_can_move("mar1", "pie2")  # 4.2
    assert rootz.fleet_can_move("spa1/sc", "wes2") and rootz.fleet_can_move("wes2", "tun2")
    assert rootz.can_convoy("wes2") and rootz.is_coastal("tun2")  # 4.4


# -- the generator -----------------------------------------------------------


def test_rootz_files_are_what_the_generator_writes(rootz_generator: ModuleType) -> None:
    files = rootz_generator.render()
    assert sorted(files) == ["map.toml", "variant.toml"]
    for name, text in files.items():
        assert (ROOTZ_DIR / name).read_text(encoding="utf-8") == text, (
            f"variants/rootz/{name} differs from tools/make_rootz.py's output; "
            "run python tools/make_rootz.py"
        )


def test_rootz_generator_check_flags_a_stale_file(
    rootz_generator: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rootz_generator.main(["--out", str(tmp_path)]) == 0
    assert rootz_generator.main(["--out", str(tmp_path), "--check"]) == 0
    assert load_variant(tmp_path).provinces.keys() == load_variant("rootz").provinces.keys()
    stale = tmp_path / "map.toml"
    stale.write_text(stale.read_text(encoding="utf-8").replace('"pie2"', '"pie1"', 1))
    assert rootz_generator.main(["--out", str(tmp_path), "--check"]) == 1
    assert "map.toml is not what tools/make_rootz.py generates" in capsys.readouterr().err


def test_rootz_generator_refuses_a_standard_map_without_a_cut_border(
    rootz_generator: ModuleType, tmp_path: Path
) -> None:
    standard = REPO_ROOT / "variants" / "standard"
    for name in ("map.toml", "variant.toml"):
        (tmp_path / name).write_text((standard / name).read_text(encoding="utf-8"))
    assert rootz_generator.render(tmp_path) == rootz_generator.render()
    text = (tmp_path / "map.toml").read_text(encoding="utf-8")
    # Marseilles without Piedmont, for armies and fleets alike (the generator does not
    # check that the standard map lists its borders from both ends: the loader does).
    text = text.replace('army = ["bur", "gas", "pie", "spa"]', 'army = ["bur", "gas", "spa"]')
    text = text.replace('fleet = ["lyo", "pie", "spa/sc"]', 'fleet = ["lyo", "spa/sc"]')
    (tmp_path / "map.toml").write_text(text)
    with pytest.raises(SystemExit, match="no border mar-pie"):
        rootz_generator.render(tmp_path)
