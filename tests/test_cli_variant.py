"""`judge variant list` and `judge variant show NAME [--json]` for standard and colonial."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from judge.cli.main import main
from judge.variant import data
from judge.variant.data import REPO_ROOT, load_variant

VARIANTS = ("standard", "colonial")
BAD_DIR = Path(__file__).resolve().parent / "variants_bad"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def toml(name: str, file: str) -> dict:
    with (REPO_ROOT / "variants" / name / file).open("rb") as handle:
        return tomllib.load(handle)


def test_list_names_every_variant_with_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variant", "list")
    assert status == 0
    lines = {line.split("\t")[0]: line.split("\t") for line in out.splitlines()}
    assert set(VARIANTS) <= set(lines)
    for name in VARIANTS:
        variant = load_variant(name)
        _, title, summary = lines[name]
        assert title == variant.title
        assert f"{len(variant.powers)} powers" in summary
        assert f"{len(variant.provinces)} provinces" in summary
        assert f"{len(variant.supply_centers)} supply centres" in summary
        assert f"({variant.start_phase})" in summary
        assert f"victory at {variant.victory_centers} centres" in summary


@pytest.mark.parametrize("name", VARIANTS)
def test_json_has_the_shape_of_the_variant_files(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, out, _ = run(capsys, "variant", "show", name, "--json")
    assert status == 0
    doc = json.loads(out)
    vdata, mdata = toml(name, "variant.toml"), toml(name, "map.toml")
    assert list(doc) == [
        "name",
        "title",
        "start_phase",
        "victory_centers",
        "coasts",
        "powers",
        "provinces",
        "special_rules",
    ]
    for key in ("name", "title", "start_phase", "victory_centers"):
        assert doc[key] == vdata[key]
    assert doc["coasts"] == vdata["coasts"]
    assert list(doc["powers"]) == list(vdata["powers"])
    for code, power in vdata["powers"].items():
        shown = doc["powers"][code]
        for key in ("name", "adjective", "initial", "aliases", "home_centers", "units"):
            assert shown[key] == power[key], (code, key)
        assert shown["starting_centers"] == power.get("starting_centers", power["home_centers"])
    assert set(doc["provinces"]) == set(mdata["provinces"])
    for code, prov in mdata["provinces"].items():
        shown = doc["provinces"][code]
        assert shown["name"] == prov["name"]
        assert shown["kind"] == prov["kind"]
        assert shown["supply_center"] == prov.get("supply_center", False)
        assert shown["aliases"] == prov.get("aliases", [])
        assert shown["coasts"] == prov.get("coasts", [])
        assert shown["army"] == sorted(prov.get("army", []))
        fleet = prov.get("fleet", [])
        if isinstance(fleet, dict):  # one list per coast
            expected = {f"{code}/{coast}": sorted(dests) for coast, dests in fleet.items()}
        elif prov["kind"] == "land":
            expected = {}
        else:
            expected = {code: sorted(fleet)}
        assert shown["fleet"] == expected, code


@pytest.mark.parametrize("name", VARIANTS)
def test_json_keys_are_the_same_for_every_province_and_power(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    doc = json.loads(run(capsys, "variant", "show", name, "--json")[1])
    assert {tuple(p) for p in doc["provinces"].values()} == {
        ("name", "kind", "supply_center", "home_of", "aliases", "coasts", "army", "fleet")
    }
    assert len({tuple(p) for p in doc["powers"].values()}) == 1
    homes = {c: p for p, power in doc["powers"].items() for c in power["home_centers"]}
    for code, prov in doc["provinces"].items():
        assert prov["home_of"] == homes.get(code)


def test_json_is_the_same_every_time(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "variant", "show", "colonial", "--json")[1]
    assert run(capsys, "variant", "show", "colonial", "--json")[1] == first


@pytest.mark.parametrize("name", VARIANTS)
def test_text_shows_powers_provinces_and_adjacency(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, out, _ = run(capsys, "variant", "show", name)
    assert status == 0
    variant = load_variant(name)
    assert out.startswith(f"{variant.title} ({name})\n")
    for power in variant.powers.values():
        assert f"\n{power.name} ({power.code}; also {power.adjective}, {power.initial}" in out
    rows = out.split("\nPROVINCES")[1].split("\nADJACENCY")[0].splitlines()
    for code, prov in variant.provinces.items():
        [row] = [r for r in rows if r.split("  ")[0].strip() == code]
        assert prov.name in row
        for alias in prov.aliases:
            assert alias in row
    section = out.split("\nADJACENCY")[1].split("\nSPECIAL RULES")[0]
    adjacency = [line for line in section.splitlines()[2:] if line.strip()]
    moves = {(r.split()[0], r.split()[1]): r.split()[2:] for r in adjacency}
    for code in variant.provinces:
        if variant.army_neighbours(code):
            assert moves[(code, "A")] == sorted(variant.army_neighbours(code))
        for loc in variant.fleet_locations(code):
            assert moves[(loc, "F")] == sorted(variant.fleet_neighbours(loc))
    expected = sum(bool(variant.army_neighbours(p)) for p in variant.provinces)
    expected += sum(len(variant.fleet_locations(p)) for p in variant.provinces)
    assert len(moves) == len(adjacency) == expected


def test_text_of_colonial_names_its_special_places(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "variant", "show", "colonial")[1]
    assert "F Hong Kong" in out  # Britain's starting fleet
    assert "Arabia (arb/nc, arb/sc)" in out
    assert "Bangkok (ban/ec, ban/wc)" in out
    assert "starts Spring 1870 Movement (S1870M), victory at 30 centres" in out


def test_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variant", "show", "atlantis")
    assert status == 2
    assert out == ""
    assert "there is no variant 'atlantis'" in err
    assert "colonial" in err and "standard" in err


def test_a_variant_directory_with_a_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variant", "show", str(BAD_DIR / "army_one_way"))
    assert status == 1
    assert out == ""
    assert "'bbb' is not adjacent back to 'aaa'" in err


def test_a_variant_directory_by_path(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variant", "show", str(BAD_DIR / "tiny_ok"), "--json")
    assert status == 0
    assert json.loads(out)["name"] == "tiny"


def test_console_script() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "judge", "variant", "show", "colonial", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["provinces"]) == len(load_variant("colonial").provinces)


def test_a_reader_that_stops_early_is_no_error() -> None:
    # `judge variant show colonial | head`: the reader is gone before the output ends.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "judge", "variant", "show", "colonial"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 0
    assert done.stderr == ""


def test_list_reports_a_variant_that_cannot_be_loaded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("tiny_ok", "army_one_way"):
        shutil.copytree(BAD_DIR / name, tmp_path / f"listed_{name}")
    monkeypatch.setattr(data, "VARIANTS_DIR", tmp_path)
    status, out, _ = run(capsys, "variant", "list")
    assert status == 1
    lines = dict(line.split("\t", 1) for line in out.splitlines())
    assert set(lines) == {"listed_tiny_ok", "listed_army_one_way"}
    assert lines["listed_tiny_ok"].startswith("tiny\t2 powers, 5 provinces")
    assert lines["listed_army_one_way"].startswith("cannot be loaded: ")
    assert "'bbb' is not adjacent back to 'aaa'" in lines["listed_army_one_way"]


def test_special_rules_in_words(capsys) -> None:
    status, out, _ = run(capsys, "variant", "show", "colonial", "--json")
    rules = {rule["name"]: rule["summary"] for rule in json.loads(out)["special_rules"]}
    assert set(rules) == {"Trans-Siberian Railroad", "Suez Canal", "Hong Kong", "Victory"}
    assert "A Mos - TSR - Vla" in rules["Trans-Siberian Railroad"]
    status, text, _ = run(capsys, "variant", "show", "colonial")
    assert "\nSPECIAL RULES\n" in text and "Suez Canal: A fleet may move" in text
    status, out, _ = run(capsys, "variant", "show", "standard", "--json")
    assert json.loads(out)["special_rules"] == []
