"""Tests for judge.variant.data: the standard map's facts and the loader's validation."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.engine.orders import UnitType
from judge.variant.data import (
    REPO_ROOT,
    Variant,
    VariantError,
    available_variants,
    load_variant,
    normalise_name,
)

STANDARD_DIR = REPO_ROOT / "variants" / "standard"
BAD_DIR = Path(__file__).resolve().parent / "variants_bad"


@pytest.fixture(scope="module")
def std() -> Variant:
    return load_variant("standard")


def army_edges(v: Variant) -> set[frozenset[str]]:
    return {frozenset((p, q)) for p in v.provinces for q in v.army_neighbours(p)}


def fleet_edges(v: Variant) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a in v.locations() for b in v.fleet_neighbours(a)}


# -- counts -----------------------------------------------------------------


def test_counts(std: Variant) -> None:
    assert len(std.provinces) == 75
    assert len(std.supply_centers) == 34
    assert len(std.starting_units) == 22
    assert len(army_edges(std)) == 111
    assert len(fleet_edges(std)) == 141
    kinds = [p.kind for p in std.provinces.values()]
    assert (kinds.count("land"), kinds.count("coast"), kinds.count("sea")) == (14, 42, 19)
    assert len(std.locations()) == 75 + 6


def test_province_codes_are_the_usual_ones(std: Variant) -> None:
    codes = (
        "adr aeg alb ank apu arm bal bar bel ber bla boh bot bre bud bul bur cly con den eas "
        "edi eng fin gal gas gre hel hol ion iri kie lon lvn lvp lyo mao mar mos mun naf nao "
        "nap nth nwg nwy par pic pie por pru rom ruh rum ser sev sil ska smy spa stp swe syr "
        "tri tun tus tyr tys ukr ven vie wal war wes yor"
    )
    assert " ".join(sorted(std.provinces)) == codes
    assert "swi" not in std.provinces


def test_rules_and_powers(std: Variant) -> None:
    assert std.name == "standard"
    assert std.start_phase == "S1901M"
    assert std.victory_centers == 18
    assert sorted(std.powers) == [
        "austria",
        "england",
        "france",
        "germany",
        "italy",
        "russia",
        "turkey",
    ]
    assert "".join(p.initial for p in std.powers.values()) == "AEFGIRT"
    france = std.powers["france"]
    assert (france.name, france.adjective) == ("France", "French")
    assert set(std.powers["russia"].home_centers) == {"mos", "sev", "stp", "war"}
    homes = [c for p in std.powers.values() for c in p.home_centers]
    assert len(homes) == len(set(homes)) == 22


def test_starting_position(std: Variant) -> None:
    expected = {
        ("austria", "A", "bud"),
        ("austria", "A", "vie"),
        ("austria", "F", "tri"),
        ("england", "F", "edi"),
        ("england", "F", "lon"),
        ("england", "A", "lvp"),
        ("france", "F", "bre"),
        ("france", "A", "mar"),
        ("france", "A", "par"),
        ("germany", "F", "kie"),
        ("germany", "A", "ber"),
        ("germany", "A", "mun"),
        ("italy", "F", "nap"),
        ("italy", "A", "rom"),
        ("italy", "A", "ven"),
        ("russia", "A", "war"),
        ("russia", "A", "mos"),
        ("russia", "F", "sev"),
        ("russia", "F", "stp/sc"),
        ("turkey", "F", "ank"),
        ("turkey", "A", "con"),
        ("turkey", "A", "smy"),
    }
    assert set(std.starting_units) == expected
    for power in std.powers.values():
        assert std.starting_centers[power.code] == power.home_centers


def test_supply_centres_and_homes(std: Variant) -> None:
    neutral = {"bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "spa", "swe", "tun"}
    assert {c for c in std.supply_centers if std.provinces[c].home_of is None} == neutral
    assert std.provinces["stp"].home_of == "russia"
    assert std.provinces["bur"].supply_center is False
    assert std.provinces["bur"].home_of is None


# -- adjacency spot checks ---------------------------------------------------


def test_split_coasts(std: Variant) -> None:
    assert std.coasts_of("bul") == ("ec", "sc")
    assert std.coasts_of("spa") == ("nc", "sc")
    assert std.coasts_of("stp") == ("nc", "sc")
    assert std.coasts_of("bre") == ()
    assert std.fleet_locations("spa") == ("spa/nc", "spa/sc")
    assert std.fleet_locations("bre") == ("bre",)
    assert std.fleet_locations("mao") == ("mao",)
    assert std.fleet_locations("par") == ()
    assert std.province_of("spa/nc") == "spa"
    assert std.province_of("spa") == "spa"
    assert std.fleet_neighbours("spa") == frozenset()
    assert std.location_name("stp/sc") == "St Petersburg (South Coast)"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("fin", "stp/sc"),
        ("nwy", "stp/nc"),
        ("bar", "stp/nc"),
        ("bot", "stp/sc"),
        ("lvn", "stp/sc"),
        ("bul/ec", "bla"),
        ("bul/ec", "con"),
        ("bul/ec", "rum"),
        ("bul/sc", "aeg"),
        ("bul/sc", "con"),
        ("bul/sc", "gre"),
        ("spa/nc", "mao"),
        ("spa/nc", "gas"),
        ("spa/nc", "por"),
        ("spa/sc", "mao"),
        ("spa/sc", "por"),
        ("spa/sc", "mar"),
        ("spa/sc", "lyo"),
        ("spa/sc", "wes"),
        ("lvp", "nao"),
        ("den", "bal"),
        ("den", "nth"),
        ("kie", "bal"),
        ("kie", "hel"),
        ("con", "bla"),
        ("con", "aeg"),
        ("swe", "fin"),
    ],
)
def test_fleet_edges_present(std: Variant, a: str, b: str) -> None:
    assert std.fleet_can_move(a, b)
    assert std.fleet_can_move(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("fin", "nwy"),
        ("cly", "iri"),
        ("rom", "ven"),
        ("fin", "stp/nc"),
        ("nwy", "stp/sc"),
        ("bar", "stp/sc"),
        ("bot", "stp/nc"),
        ("bul/ec", "aeg"),
        ("bul/sc", "bla"),
        ("spa/nc", "wes"),
        ("spa/nc", "mar"),
        ("spa/sc", "gas"),
        ("gas", "spa/sc"),
        ("mao", "spa"),
        ("par", "bre"),
        ("edi", "lvp"),
        ("apu", "rom"),
        ("smy", "arm"),
    ],
)
def test_fleet_edges_absent(std: Variant, a: str, b: str) -> None:
    assert not std.fleet_can_move(a, b)
    assert not std.fleet_can_move(b, a)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("fin", "nwy", True),
        ("rom", "ven", True),
        ("cly", "edi", True),
        ("edi", "lvp", True),
        ("gas", "spa", True),
        ("spa", "mar", True),
        ("stp", "mos", True),
        ("bul", "ser", True),
        ("mun", "tyr", True),
        ("mar", "pie", True),
        ("bur", "tyr", False),  # through Switzerland: impassable
        ("mar", "mun", False),
        ("bre", "mao", False),  # armies never enter the sea
        ("lon", "bel", False),
        ("gas", "spa/nc", False),  # armies move to provinces, not coasts
        ("den", "nwy", False),
        ("naf", "spa", False),
    ],
)
def test_army_moves(std: Variant, a: str, b: str, expected: bool) -> None:
    assert std.army_can_move(a, b) is expected
    assert std.army_can_move(b, a) is expected


def test_edges_join_the_right_terrain(std: Variant) -> None:
    for edge in army_edges(std):
        assert all(std.provinces[p].kind in ("land", "coast") for p in edge)
    fleet_locs = {loc for p in std.provinces for loc in std.fleet_locations(p)}
    for edge in fleet_edges(std):
        assert edge <= fleet_locs


def test_neighbour_queries(std: Variant) -> None:
    assert std.army_neighbours("par") == {"bre", "bur", "gas", "pic"}
    assert std.army_neighbours("nth") == frozenset()
    assert std.fleet_neighbours("spa/nc") == {"gas", "mao", "por"}
    assert std.fleet_neighbours("par") == frozenset()
    with pytest.raises(KeyError):
        std.army_neighbours("xyz")
    with pytest.raises(KeyError):
        std.fleet_neighbours("spa/ec")
    with pytest.raises(KeyError):
        std.province_of("swi")


def test_terrain_predicates(std: Variant) -> None:
    assert std.is_sea("mao") and not std.is_sea("spa/nc") and not std.is_sea("par")
    assert std.is_land("par") and not std.is_land("bre") and not std.is_land("nth")
    assert std.is_coastal("bre") and std.is_coastal("spa") and not std.is_coastal("par")
    assert not std.is_coastal("nth")


def test_geography_protocol(std: Variant) -> None:
    assert std.province("stp/sc") == "stp"
    assert std.can_move(UnitType.ARMY, "par", "bur")
    assert not std.can_move(UnitType.FLEET, "par", "bur")
    assert std.can_move(UnitType.FLEET, "mao", "spa/sc")
    assert not std.can_move(UnitType.FLEET, "gas", "spa/sc")
    assert std.can_reach(UnitType.FLEET, "gas", "spa")
    assert std.can_reach(UnitType.FLEET, "mar", "spa")
    assert not std.can_reach(UnitType.FLEET, "bla", "spa")
    assert not std.can_reach(UnitType.ARMY, "lon", "bel")
    assert std.can_convoy("nth") and not std.can_convoy("den") and not std.can_convoy("zzz")
    assert std.neighbours(UnitType.FLEET, "stp/nc") == {"bar", "nwy"}
    assert std.neighbours(UnitType.ARMY, "stp") == {"fin", "lvn", "mos", "nwy"}


# -- names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("mid-atlantic ocean", "mao"),
        ("Mid Atlantic", "mao"),
        ("MID", "mao"),
        ("mat", "mao"),
        ("midatlantic", "mao"),
        ("nat", "nao"),
        ("North Atlantic Ocean", "nao"),
        ("english channel", "eng"),
        ("ech", "eng"),
        ("gulf of lyon", "lyo"),
        ("gol", "lyo"),
        ("gulf of bothnia", "bot"),
        ("GOB", "bot"),
        ("st petersburg", "stp"),
        ("St. Petersburg", "stp"),
        ("st.petersburg", "stp"),
        ("  st   petersburg ", "stp"),
        ("norwegian sea", "nwg"),
        ("nrg", "nwg"),
        ("helgoland bight", "hel"),
        ("heligoland-bight", "hel"),
        ("tyrrhenian sea", "tys"),
        ("tyn", "tys"),
        ("liverpool", "lvp"),
        ("lpl", "lvp"),
        ("livonia", "lvn"),
        ("lvn", "lvn"),
        ("Spain", "spa"),
        ("NTH", "nth"),
        ("North Sea", "nth"),
        ("Norway", "nwy"),
        # njudge's names (its data/map file) and short forms players write
        ("Mid-Atl", "mao"),
        ("midatlantic", "mao"),
        ("N. Atl.", "nao"),
        ("North Atl", "nao"),
        ("Eng. Channel", "eng"),
        ("E. Med.", "eas"),
        ("eastmed", "eas"),
        ("westmed", "wes"),
        ("gulfofl", "lyo"),
        ("gulfofb", "bot"),
        ("lvo", "lvn"),
    ],
)
def test_lookup_province(std: Variant, text: str, code: str) -> None:
    assert std.lookup_province(text) == code


@pytest.mark.parametrize("text", ["", "swi", "switzerland", "atlantic", "spa/nc", "liv", "xyz"])
def test_lookup_province_unknown(std: Variant, text: str) -> None:
    assert std.lookup_province(text) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("France", "france"),
        ("fra", "france"),
        ("F", "france"),
        ("french", "france"),
        ("FRANCE", "france"),
        ("a", "austria"),
        ("Austrian", "austria"),
        ("eng", "england"),
        ("English", "england"),
        ("R", "russia"),
        ("turkish", "turkey"),
        ("ger", "germany"),
        ("italian", "italy"),
    ],
)
def test_lookup_power(std: Variant, text: str, code: str) -> None:
    assert std.lookup_power(text) == code


def test_lookup_power_unknown(std: Variant) -> None:
    assert std.lookup_power("spain") is None
    assert std.lookup_power("X") is None


def test_lookup_coast(std: Variant) -> None:
    assert std.lookup_coast("nc") == "nc"
    assert std.lookup_coast("(sc)") == "sc"
    assert std.lookup_coast("North Coast") == "nc"
    assert std.lookup_coast("east") == "ec"
    assert std.lookup_coast("middle") is None


def test_normalise_name() -> None:
    assert normalise_name("  St.  Petersburg ") == "st petersburg"
    assert normalise_name("Mid-Atlantic_Ocean") == "mid atlantic ocean"


# -- loading -------------------------------------------------------------------


def test_load_by_name_and_path_share_the_cache() -> None:
    assert load_variant("standard") is load_variant(STANDARD_DIR)
    assert load_variant("standard") is load_variant(str(STANDARD_DIR))
    assert "standard" in available_variants()


def test_variant_data_is_read_only(std: Variant) -> None:
    with pytest.raises(TypeError):
        std.provinces["xyz"] = std.provinces["par"]  # type: ignore[index]


def test_another_directory_is_another_variant() -> None:
    tiny = load_variant(BAD_DIR / "tiny_ok")
    assert tiny.name == "tiny"
    assert sorted(tiny.provinces) == ["aaa", "bbb", "ccc", "nor", "sou"]
    assert tiny.fleet_can_move("nor", "ccc/nc") and not tiny.fleet_can_move("nor", "ccc/sc")
    assert tiny.starting_centers == {"red": ("aaa",), "blue": ("bbb", "ccc")}
    assert tiny.lookup_province("A Land") == "aaa"


@pytest.mark.parametrize(
    ("fixture", "message"),
    [
        (
            "army_one_way",
            "tests/variants_bad/army_one_way/map.toml: provinces.aaa.army: "
            "'bbb' is not adjacent back to 'aaa'",
        ),
        (
            "ambiguous_alias",
            "tests/variants_bad/ambiguous_alias/map.toml: provinces.bbb.aliases: "
            "'a land' is ambiguous",
        ),
        ("bad_toml", "tests/variants_bad/bad_toml/variant.toml: not valid TOML"),
    ],
)
def test_fixture_errors_name_file_and_key(fixture: str, message: str) -> None:
    with pytest.raises(VariantError) as info:
        load_variant(BAD_DIR / fixture)
    assert str(info.value).startswith(message)


def test_missing_directory_and_file(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="no such variant directory"):
        load_variant(tmp_path / "nowhere")
    (tmp_path / "half").mkdir()
    shutil.copy(STANDARD_DIR / "variant.toml", tmp_path / "half")
    with pytest.raises(VariantError, match=r"half/map\.toml: file missing"):
        load_variant(tmp_path / "half")


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the standard variant with one exact, unique text change in ``file``."""
    target = tmp_path / "broken"
    shutil.copytree(STANDARD_DIR, target)
    text = (target / file).read_text()
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {file}"
    (target / file).write_text(text.replace(old, new))
    return target


def par_block(field: str, value: str) -> tuple[str, str]:
    """Old and new text that sets ``field`` in the Paris block (an inland province)."""
    old = 'name = "Paris"\n'
    return old, f"{old}{field} = {value}\n"


MAP, VAR = "map.toml", "variant.toml"
BROKEN = [
    # adjacency must be symmetric
    (
        MAP,
        'army = ["bre", "bur", "gas", "pic"]',
        'army = ["bre", "gas", "pic"]',
        "provinces.bur.army",
        "'par' is not adjacent back to 'bur'",
    ),
    (
        MAP,
        '"por", "spa/nc", "spa/sc", "wes"]',
        '"por", "spa/sc", "wes"]',
        "provinces.spa.fleet.nc",
        "'mao' is not adjacent back to 'spa/nc'",
    ),
    # adjacency targets must exist and be of the right kind
    (
        MAP,
        'army = ["bre", "bur", "gas", "pic"]',
        'army = ["bre", "bur", "gas", "pic", "xyz"]',
        "provinces.par.army",
        "'xyz' is not a province",
    ),
    (
        MAP,
        'army = ["bre", "bur", "gas", "pic"]',
        'army = ["bre", "bur", "gas", "pic", "eng"]',
        "provinces.par.army",
        "'eng' is a sea",
    ),
    (
        MAP,
        'army = ["bre", "bur", "gas", "pic"]',
        'army = ["bre", "bur", "gas", "pic", "par"]',
        "provinces.par.army",
        "adjacent to itself",
    ),
    (
        MAP,
        'army = ["bre", "bur", "gas", "pic"]',
        'army = ["bre", "bur", "gas", "gas", "pic"]',
        "provinces.par.army",
        "'gas' is listed twice",
    ),
    (
        MAP,
        'fleet = ["bre", "mao", "spa/nc"]',
        'fleet = ["bre", "mao", "spa"]',
        "provinces.gas.fleet",
        "'spa' has split coasts",
    ),
    (
        MAP,
        'fleet = ["bre", "mao", "spa/nc"]',
        'fleet = ["bre", "mao", "spa/ec"]',
        "provinces.gas.fleet",
        "'spa' has no coast 'ec'",
    ),
    (
        MAP,
        'fleet = ["bre", "mao", "spa/nc"]',
        'fleet = ["bre", "mao", "spa/nc", "par"]',
        "provinces.gas.fleet",
        "'par' is inland",
    ),
    (
        MAP,
        'fleet = ["bre", "mao", "spa/nc"]',
        'fleet = ["bre", "mao", "spa/nc", "gas"]',
        "provinces.gas.fleet",
        "same province",
    ),
    # fleets only on coast and sea, armies never at sea
    (MAP, *par_block("fleet", '["bre"]'), "provinces.par.fleet", "inland"),
    (
        MAP,
        'name = "North Sea"\n',
        'name = "North Sea"\narmy = ["yor"]\n',
        "provinces.nth.army",
        "sea province",
    ),
    # coasts belong to their province
    (MAP, *par_block("coasts", '["nc", "sc"]'), "provinces.par.coasts", "only a 'coast'"),
    (
        MAP,
        'fleet.nc = ["gas", "mao", "por"]',
        'fleet.wc = ["gas", "mao", "por"]',
        "provinces.spa.fleet",
        "one list per coast",
    ),
    # province fields
    (MAP, *par_block("supply_centre", "true"), "provinces.par.supply_centre", "unknown key"),
    (
        MAP,
        'name = "Paris"\nkind = "land"',
        'name = "Paris"\nkind = "hill"',
        "provinces.par.kind",
        "'hill'",
    ),
    (
        MAP,
        'name = "North Sea"\n',
        'name = "North Sea"\nsupply_center = true\n',
        "provinces.nth.supply_center",
        "sea province cannot be a supply centre",
    ),
    (MAP, 'name = "Paris"', "name = 7", "provinces.par.name", "must be a non-empty string"),
    # aliases must be unambiguous
    (
        MAP,
        'aliases = ["lpl", "livp", "lpool"]',
        'aliases = ["lpl", "livp", "lpool", "lva"]',
        "provinces.lvp.aliases",
        "'lva' is ambiguous: it names both province 'lvn' and 'lvp'",
    ),
    (
        MAP,
        'aliases = ["lva", "livo", "livon", "lvo"]',
        'aliases = ["lva", "livo", "livon", "lvo", "Liverpool"]',
        "provinces.lvn.aliases",
        "ambiguous",
    ),
    (
        MAP,
        'aliases = ["lva", "livo", "livon", "lvo"]',
        'aliases = ["lva", "livo", "livon", "lvo", "nth"]',
        "provinces.lvn.aliases",
        "'nth' is ambiguous",
    ),
    (
        VAR,
        'aliases = ["ger", "deu"]',
        'aliases = ["ger", "deu", "fra"]',
        "powers.germany.aliases",
        "'fra' is ambiguous: it names both power 'france' and 'germany'",
    ),
    (VAR, 'initial = "G"', 'initial = "F"', "powers.germany.initial", "'F' is ambiguous"),
    (VAR, 'initial = "G"', 'initial = "Ge"', "powers.germany.initial", "single letter"),
    # home and starting centres
    (
        VAR,
        'home_centers = ["bre", "mar", "par"]',
        'home_centers = ["bre", "mar", "par", "pic"]',
        "powers.france.home_centers",
        "'pic' is not a supply centre",
    ),
    (
        VAR,
        'home_centers = ["bre", "mar", "par"]',
        'home_centers = ["bre", "mar", "par", "xyz"]',
        "powers.france.home_centers",
        "'xyz' is not a province",
    ),
    (
        VAR,
        'home_centers = ["ber", "kie", "mun"]',
        'home_centers = ["ber", "kie", "mun", "par"]',
        "powers.germany.home_centers",
        "'par' is already home to 'france'",
    ),
    (
        VAR,
        'home_centers = ["bre", "mar", "par"]\n',
        'home_centers = ["bre", "mar", "par"]\nstarting_centers = ["bre", "mar", "par", "vie"]\n',
        "powers.france.starting_centers",
        "'vie' is already owned by 'austria'",
    ),
    # starting units on legal locations for their type
    (VAR, '"A mar", "A par"', '"A mar", "F par"', "powers.france.units", "'par' is inland"),
    (
        VAR,
        '"A mar", "A par"',
        '"A mar", "A mao"',
        "powers.france.units",
        "army cannot stand in a sea",
    ),
    (VAR, '"F stp/sc"', '"F stp"', "powers.russia.units", "'stp' has split coasts"),
    (VAR, '"F stp/sc"', '"F stp/ec"', "powers.russia.units", "'stp' has no coast 'ec'"),
    (VAR, '"A mar", "A par"', '"A mar", "A spa/nc"', "powers.france.units", "not a province"),
    (VAR, '"A mar", "A par"', '"A mar", "Army par"', "powers.france.units", "is not a unit"),
    (
        VAR,
        '"A mar", "A par"',
        '"A mar", "A par", "A bud"',
        "powers.france.units",
        "'bud' already holds a unit of 'austria'",
    ),
    # rules
    (VAR, "victory_centers = 18", "victory_centers = 17", "victory_centers", "more than half"),
    (VAR, "victory_centers = 18", "victory_centers = 35", "victory_centers", "at most 34"),
    (VAR, "victory_centers = 18", 'victory_centers = "18"', "victory_centers", "an integer"),
    (VAR, 'start_phase = "S1901M"', 'start_phase = "spring"', "start_phase", "not a phase"),
    (VAR, 'rules = "standard"', "rules = 3", "rules", "a non-empty string"),
    (VAR, 'name = "standard"', 'name = "standard"\nvictory = 3', "victory", "unknown key"),
    (VAR, 'name = "standard"\n', "", "name", "missing"),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "key", "fragment"),
    BROKEN,
    ids=[f"{row[3]}:{row[4][:30]}" for row in BROKEN],
)
def test_loader_errors_name_file_and_key(
    tmp_path: Path, file: str, old: str, new: str, key: str, fragment: str
) -> None:
    directory = broken_copy(tmp_path, file, old, new)
    with pytest.raises(VariantError) as info:
        load_variant(directory)
    message = str(info.value)
    assert message.startswith(f"{directory / file}: {key}: "), message
    assert fragment in message, message


def test_undeclared_coast_is_reported_in_the_map(tmp_path: Path) -> None:
    directory = broken_copy(tmp_path, VAR, "[coasts.ec]", "[coasts.xc]")
    with pytest.raises(VariantError) as info:
        load_variant(directory)
    assert str(info.value).startswith(
        f"{directory / MAP}: provinces.bul.coasts: 'ec' is not a coast declared in "
    )


def test_every_name_round_trips(std: Variant) -> None:
    for code, prov in std.provinces.items():
        for text in (code, prov.name, *prov.aliases):
            assert std.lookup_province(text) == code, text
            assert std.lookup_province(f" {text.upper().replace(' ', '-')} ") == code, text
    for code, power in std.powers.items():
        for text in (code, power.name, power.adjective, power.initial, *power.aliases):
            assert std.lookup_power(text.lower()) == code, text
