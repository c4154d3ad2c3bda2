"""Load and validate a variant: a directory holding ``variant.toml`` and ``map.toml``.

``load_variant("standard")`` reads ``<repo>/variants/standard``; any other directory
with the same two files is another variant.  Every inconsistency in the data is
reported as a :class:`VariantError` whose message names the file and the key,
for example ``variants/x/map.toml: provinces.spa.fleet.nc: 'mao' is not adjacent
back to 'spa/nc'``.  The format is described in ``docs/variants.md``.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from judge.variant.plugins import VARIANTS, plugin, plugin_names

T = TypeVar("T")

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
VARIANTS_DIR = REPO_ROOT / "variants"
VARIANT_FILE = "variant.toml"
MAP_FILE = "map.toml"

KINDS = ("land", "coast", "sea")
UNIT_TYPES = ("A", "F")
_CODE = re.compile(r"[a-z][a-z0-9_]*")
_PHASE = re.compile(r"[SF]\d{4}[MR]|W\d{4}A")
_UNIT = re.compile(r"([AF])\s+(\S+)")
_PUNCTUATION = re.compile(r"[.\-_/()'’,]")


class VariantError(Exception):
    """Variant data is missing or inconsistent; the message names the file and the key."""


@dataclass(frozen=True)
class Province:
    """One province: terrain, coasts, supply centre and the names players use for it."""

    code: str
    name: str
    kind: str  # "land" (inland), "coast" or "sea"
    coasts: tuple[str, ...]  # () or e.g. ("nc", "sc") for split-coast provinces
    supply_center: bool
    home_of: str | None
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Power:
    """One great power of the variant."""

    code: str
    name: str
    adjective: str
    initial: str
    home_centers: tuple[str, ...]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Coast:
    """A coast code used by split-coast provinces, such as ``nc`` (North Coast)."""

    code: str
    name: str
    aliases: tuple[str, ...] = ()


def normalise_name(text: str) -> str:
    """Lower-case ``text``, turn dots, hyphens and brackets into spaces, squeeze spaces."""
    return " ".join(_PUNCTUATION.sub(" ", text.lower()).split())


def _name_keys(text: str) -> tuple[str, ...]:
    """The lookup keys of a name: normalised, and normalised without spaces."""
    spaced = normalise_name(text)
    compact = spaced.replace(" ", "")
    return (spaced,) if compact == spaced else (spaced, compact)


class Variant:
    """A validated variant: map, powers and starting position.  Treat as read-only."""

    def __init__(
        self,
        *,
        name: str,
        title: str,
        directory: Path,
        provinces: Mapping[str, Province],
        powers: Mapping[str, Power],
        coasts: Mapping[str, Coast],
        start_phase: str,
        victory_centers: int,
        victory_majority: bool = True,
        starting_units: tuple[tuple[str, str, str], ...],
        starting_centers: Mapping[str, tuple[str, ...]],
        army_adjacency: Mapping[str, frozenset[str]],
        fleet_adjacency: Mapping[str, frozenset[str]],
        province_names: Mapping[str, str],
        power_names: Mapping[str, str],
        coast_names: Mapping[str, str],
        rules: str = "standard",
        empires_per_game: bool = False,
        map_directory: Path | None = None,
    ) -> None:
        self.name = name
        self.rules = rules  # the rules the map is played by (judge.rules.registry)
        # True when the powers are not in the data but named per game (Outer Space's
        # empires): the loaded variant has none, :meth:`with_powers` adds a game's.
        self.empires_per_game = empires_per_game
        self.title = title
        self.directory = directory
        # The directory whose map the variant plays (another variant's with ``map =``).
        self.map_directory = directory if map_directory is None else map_directory
        self.provinces: Mapping[str, Province] = MappingProxyType(dict(provinces))
        self.powers: Mapping[str, Power] = MappingProxyType(dict(powers))
        self.coasts: Mapping[str, Coast] = MappingProxyType(dict(coasts))
        self.start_phase = start_phase
        self.victory_centers = victory_centers
        # False when victory_centers is no majority of the centres (Root Z's 18 of 68):
        # several powers may then reach it in one Fall.
        self.victory_majority = victory_majority
        self.starting_units = starting_units
        self.starting_centers: Mapping[str, tuple[str, ...]] = MappingProxyType(
            dict(starting_centers)
        )
        self.supply_centers = frozenset(c for c, p in self.provinces.items() if p.supply_center)
        self._army = MappingProxyType(dict(army_adjacency))
        self._fleet = MappingProxyType(dict(fleet_adjacency))
        self._province_names = MappingProxyType(dict(province_names))
        self._power_names = MappingProxyType(dict(power_names))
        self._coast_names = MappingProxyType(dict(coast_names))
        self._locations: dict[str, str] = {}
        for code, prov in self.provinces.items():
            self._locations[code] = code
            for coast in prov.coasts:
                self._locations[f"{code}/{coast}"] = code
        # What is derived from this variant alone (its geography, ...): see derived().
        self._derived: dict[Hashable, Any] = {}

    def derived(self, make: Callable[..., T], *args: Hashable) -> T:
        """``make(self, *args)``: data derived from this variant alone (its geography,
        ...), made on first use and kept with the variant, so that it lives and dies
        with it."""
        key = (make, *args)
        try:
            return self._derived[key]  # type: ignore[no-any-return]
        except KeyError:
            return self._derived.setdefault(key, make(self, *args))  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"<Variant {self.name!r} from {self.directory}>"

    def with_powers(self, powers: Mapping[str, Power]) -> Variant:
        """This map with ``powers`` instead of its own (no home centres, units or
        starting centres): the variant of one game whose powers are named per game.
        A name, adjective or initial two powers share names neither of them."""
        names: dict[str, str] = {}
        clashes: set[str] = set()
        for code, power in powers.items():
            texts = (code, power.name, power.adjective, power.initial, *power.aliases)
            for key in {k for text in texts for k in _name_keys(text)}:
                if names.setdefault(key, code) != code:
                    clashes.add(key)
        for key in clashes:
            names.pop(key, None)
        return Variant(
            name=self.name,
            title=self.title,
            directory=self.directory,
            map_directory=self.map_directory,
            provinces=self.provinces,
            powers=powers,
            coasts=self.coasts,
            start_phase=self.start_phase,
            victory_centers=self.victory_centers,
            victory_majority=self.victory_majority,
            starting_units=(),
            starting_centers={code: () for code in powers},
            army_adjacency=self._army,
            fleet_adjacency=self._fleet,
            province_names=self._province_names,
            power_names=names,
            coast_names=self._coast_names,
            rules=self.rules,
            empires_per_game=self.empires_per_game,
        )

    # -- locations ---------------------------------------------------------

    def province_of(self, loc: str) -> str:
        """The province a location belongs to: ``"spa/nc"`` -> ``"spa"``.

        Raises KeyError for an unknown location.
        """
        try:
            return self._locations[loc]
        except KeyError:
            raise KeyError(f"unknown location {loc!r}") from None

    def locations(self) -> list[str]:
        """Every location: each province code, followed by ``prov/coast`` for its coasts."""
        return list(self._locations)

    def coasts_of(self, province: str) -> tuple[str, ...]:
        """The coast codes of a split-coast province, else ``()``."""
        return self.provinces[province].coasts

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in ``province``: its coasts, itself, or nothing if inland."""
        prov = self.provinces[province]
        if prov.coasts:
            return tuple(f"{province}/{coast}" for coast in prov.coasts)
        return () if prov.kind == "land" else (province,)

    def location_name(self, loc: str) -> str:
        """A readable name: ``"spa/nc"`` -> ``"Spain (North Coast)"``."""
        prov = self.provinces[self.province_of(loc)]
        if "/" not in loc:
            return prov.name
        coast = loc.split("/", 1)[1]
        return f"{prov.name} ({self.coasts[coast].name})"

    def is_sea(self, loc: str) -> bool:
        """Whether ``loc`` is in a sea province."""
        return self.provinces[self.province_of(loc)].kind == "sea"

    def is_land(self, province: str) -> bool:
        """Whether ``province`` is inland (kind ``land``: armies only, no coast)."""
        return self.provinces[province].kind == "land"

    def is_coastal(self, province: str) -> bool:
        """Whether ``province`` is a coastal land province (kind ``coast``)."""
        return self.provinces[province].kind == "coast"

    # -- adjacency ---------------------------------------------------------

    def army_neighbours(self, province: str) -> frozenset[str]:
        """Provinces an army in ``province`` can move to; empty for a sea.

        Raises KeyError if ``province`` is not a province code.
        """
        if province not in self.provinces:
            raise KeyError(f"unknown province {province!r}")
        return self._army.get(province, frozenset())

    def fleet_neighbours(self, loc: str) -> frozenset[str]:
        """Fleet locations a fleet at ``loc`` can move to (coast-exact).

        Empty for inland provinces and for the bare code of a split-coast province
        (``"spa"``: a fleet is always on one of its coasts).  Raises KeyError for an
        unknown location.
        """
        self.province_of(loc)
        return self._fleet.get(loc, frozenset())

    def army_can_move(self, src: str, dest: str) -> bool:
        """Whether an army can move directly from province ``src`` to province ``dest``."""
        return dest in self._army.get(src, ())

    def fleet_can_move(self, src: str, dest: str) -> bool:
        """Whether a fleet can move directly from location ``src`` to location ``dest``."""
        return dest in self._fleet.get(src, ())

    # -- the judge.engine.geography.Geography protocol ---------------------

    def province(self, loc: str) -> str:
        """Geography protocol: same as :meth:`province_of`."""
        return self.province_of(loc)

    def can_move(self, unit_type: str, src: str, dest: str) -> bool:
        """Geography protocol: a direct move of an army (``"A"``) or fleet (``"F"``)."""
        if unit_type == "A":
            return self.army_can_move(src, dest)
        return self.fleet_can_move(src, dest)

    def can_reach(self, unit_type: str, src: str, area: str) -> bool:
        """Geography protocol: whether a unit at ``src`` can move to some location of ``area``."""
        if unit_type == "A":
            return self.army_can_move(src, area)
        if area not in self.provinces:
            return False
        return any(self.fleet_can_move(src, loc) for loc in self.fleet_locations(area))

    def neighbours(self, unit_type: str, loc: str) -> frozenset[str]:
        """Geography protocol: every location a unit at ``loc`` can move to directly."""
        if unit_type == "A":
            return self._army.get(loc, frozenset())
        return self._fleet.get(loc, frozenset())

    def can_convoy(self, loc: str) -> bool:
        """Geography protocol: a fleet convoys only from a sea province."""
        return loc in self._locations and self.is_sea(loc)

    # -- names -------------------------------------------------------------

    def lookup_province(self, text: str) -> str | None:
        """The province code for a code, full name or alias (case and punctuation ignored)."""
        return _lookup(self._province_names, text)

    def lookup_power(self, text: str) -> str | None:
        """The power code for its code, name, adjective, initial or an alias."""
        return _lookup(self._power_names, text)

    def lookup_coast(self, text: str) -> str | None:
        """The coast code for ``"nc"``, ``"north coast"``, ``"(n)"`` and the like."""
        return _lookup(self._coast_names, text)


def _lookup(index: Mapping[str, str], text: str) -> str | None:
    for key in _name_keys(text):
        if key in index:
            return index[key]
    return None


# -- loading ---------------------------------------------------------------


def variant_dir(name_or_path: str | Path) -> Path:
    """The directory of a variant: a bare name is looked up under ``<repo>/variants``,
    then among the variants installed packages add (:mod:`judge.variant.plugins`)."""
    if isinstance(name_or_path, Path) or "/" in name_or_path or "\\" in name_or_path:
        return Path(name_or_path).resolve()
    shipped = (VARIANTS_DIR / name_or_path).resolve()
    if shipped.is_dir() or not _CODE.fullmatch(name_or_path):
        return shipped
    added = plugin(VARIANTS, name_or_path)
    return shipped if added is None else Path(added).resolve()


def special_rules(name: str) -> list[dict[str, Any]]:
    """A variant's special rules in words (its ``special_rules.toml``: each table's
    ``name``, ``summary`` and the other names players give it, ``aliases``), in the
    file's order; empty when it has none."""
    path = variant_dir(name) / "special_rules.toml"
    if not path.is_file():
        return []
    with path.open("rb") as handle:
        tables = tomllib.load(handle)
    return [
        {
            "name": str(table.get("name", key)),
            "summary": " ".join(str(table["summary"]).split()),
            "aliases": [str(alias) for alias in table.get("aliases", [])],
        }
        for key, table in tables.items()
        if isinstance(table, dict) and "summary" in table
    ]


def available_variants() -> list[str]:
    """Names of the variant directories shipped under ``<repo>/variants``, then of
    those installed packages add."""
    shipped = sorted(
        d.name for d in VARIANTS_DIR.iterdir() if d.is_dir() and (d / VARIANT_FILE).is_file()
    )
    return shipped + [name for name in plugin_names(VARIANTS) if name not in shipped]


def load_variant(name_or_path: str | Path) -> Variant:
    """Load and validate a variant by name (``"standard"``) or directory path.

    Results are cached per directory.  Raises :class:`VariantError` on bad data.
    """
    if isinstance(name_or_path, str):
        cached = _BY_NAME.get(name_or_path)
        if cached is not None:
            return cached
        variant = _BY_NAME[name_or_path] = _load_dir(variant_dir(name_or_path))
        return variant
    return _load_dir(variant_dir(name_or_path))


def kept_by_variant(make: Callable[[Variant], T]) -> Callable[[Variant], T]:
    """Decorator: ``make(variant)`` is worked out once per variant and kept by it
    (:meth:`Variant.derived`), rather than in a table beside it."""

    @functools.wraps(make)
    def kept(variant: Variant) -> T:
        return variant.derived(make)

    return kept


_BY_NAME: dict[str, Variant] = {}


@functools.lru_cache(maxsize=32)
def _load_dir(directory: Path) -> Variant:
    if not directory.is_dir():
        raise VariantError(f"{_shown(directory)}: no such variant directory")
    vfile = _File(directory / VARIANT_FILE)
    # ``map = "standard"``: the variant plays another variant's map.toml.
    shared = vfile.data.get("map")
    if shared is not None and not (isinstance(shared, str) and _CODE.fullmatch(shared)):
        raise vfile.error("map", f"must name another variant, not {shared!r}")
    map_directory = VARIANTS_DIR / shared if shared else directory
    return _Builder(vfile, _File(map_directory / MAP_FILE), directory, map_directory).build()


def _shown(path: Path) -> str:
    """A path as error messages show it: relative to the repository when inside it."""
    try:
        return path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


_MISSING: Any = object()


class _File:
    """One parsed TOML file and typed access to its keys, with located errors."""

    def __init__(self, path: Path) -> None:
        self.shown = _shown(path)
        if not path.is_file():
            raise VariantError(f"{self.shown}: file missing")
        try:
            with path.open("rb") as handle:
                self.data = tomllib.load(handle)
        except tomllib.TOMLDecodeError as exc:
            raise VariantError(f"{self.shown}: not valid TOML: {exc}") from None

    def error(self, key: str, message: str) -> VariantError:
        """An error about ``key`` (a dotted path) in this file."""
        return VariantError(f"{self.shown}: {key}: {message}")

    def get(self, table: Mapping[str, Any], key: str, where: str, kind: str, default=_MISSING):
        """``table[key]`` checked to be of ``kind``: str, int, bool, table or strings."""
        if key not in table:
            if default is _MISSING:
                raise self.error(where, "missing")
            return default
        value = table[key]
        ok = {
            "str": isinstance(value, str) and value.strip() != "",
            "int": isinstance(value, int) and not isinstance(value, bool),
            "bool": isinstance(value, bool),
            "table": isinstance(value, dict),
            "strings": isinstance(value, list) and all(isinstance(v, str) for v in value),
        }[kind]
        if not ok:
            wanted = {
                "str": "a non-empty string",
                "int": "an integer",
                "bool": "true or false",
                "table": "a table",
                "strings": "a list of strings",
            }[kind]
            raise self.error(where, f"must be {wanted}, not {value!r}")
        return value

    def only_keys(self, table: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
        """Reject keys outside ``allowed`` (catches typos such as ``supply_centre``)."""
        allowed = set(allowed)
        for key in table:
            if key not in allowed:
                place = f"{where}.{key}" if where else key
                raise self.error(
                    place, f"unknown key (expected one of {', '.join(sorted(allowed))})"
                )

    def codes(self, table: Mapping[str, Any], where: str) -> None:
        """Check that every key of ``table`` is a lower-case code."""
        for key in table:
            if not _CODE.fullmatch(key):
                raise self.error(f"{where}.{key}", "must be a lower-case code such as 'abc'")


def _no_duplicates(file: _File, values: list[str], where: str) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise file.error(where, f"{value!r} is listed twice")
        seen.add(value)


class _NameIndex:
    """Maps normalised names to codes; a name claimed by two codes is an error."""

    def __init__(self, file: _File, what: str) -> None:
        self.file, self.what, self.index = file, what, {}

    def add(self, text: str, code: str, where: str) -> None:
        keys = _name_keys(text)
        if not keys[0]:
            raise self.file.error(where, f"{text!r} is not a usable name")
        for key in keys:
            other = self.index.setdefault(key, code)
            if other != code:
                raise self.file.error(
                    where,
                    f"{text!r} is ambiguous: it names both {self.what} {other!r} and {code!r}",
                )


_PROVINCE_KEYS = ("name", "kind", "supply_center", "aliases", "coasts", "army", "fleet")
_POWER_KEYS = (
    "name",
    "adjective",
    "initial",
    "aliases",
    "home_centers",
    "starting_centers",
    "units",
)
_VARIANT_KEYS = (
    "name",
    "title",
    "rules",
    "map",
    "start_phase",
    "victory_centers",
    "coasts",
    "powers",
)
# Optional switches of the checks, for variants such as Root Z (14 powers on two boards)
# and Outer Space (no powers in the data: each game names its empires).
_VARIANT_SWITCHES = ("victory_majority", "shared_initials", "empires_per_game")


class _Builder:
    """Reads both files of a variant, validates them and builds the :class:`Variant`."""

    def __init__(self, vfile: _File, mfile: _File, directory: Path, map_directory: Path) -> None:
        self.v, self.m, self.directory = vfile, mfile, directory
        self.map_directory = map_directory
        self.coasts: dict[str, Coast] = {}
        self.raw: dict[str, dict[str, Any]] = {}
        self.army: dict[str, frozenset[str]] = {}
        self.fleet: dict[str, frozenset[str]] = {}
        self.homes: dict[str, str] = {}  # home centre -> power
        self.owner: dict[str, str] = {}  # starting centre -> power
        self.owned: dict[str, tuple[str, ...]] = {}  # power -> starting centres
        self.occupied: dict[str, str] = {}  # province -> power of its starting unit
        self.units: list[tuple[str, str, str]] = []

    def build(self) -> Variant:
        v = self.v
        v.only_keys(v.data, (*_VARIANT_KEYS, *_VARIANT_SWITCHES), "")
        name = v.get(v.data, "name", "name", "str")
        title = v.get(v.data, "title", "title", "str", name)
        rules = v.get(v.data, "rules", "rules", "str", "standard")
        start_phase = v.get(v.data, "start_phase", "start_phase", "str")
        if not _PHASE.fullmatch(start_phase):
            raise v.error("start_phase", f"{start_phase!r} is not a phase such as 'S1901M'")
        coast_names = self._read_coasts()
        province_names = self._read_provinces()
        self._check_army()
        self._check_fleet()
        powers, power_names = self._read_powers()
        centers = [c for c, raw in self.raw.items() if raw["supply_center"]]
        victory = v.get(v.data, "victory_centers", "victory_centers", "int")
        majority = v.get(v.data, "victory_majority", "victory_majority", "bool", True)
        least = len(centers) // 2 + 1 if majority else 1
        if not least <= victory <= len(centers):
            wanted = f"more than half of the {len(centers)}" if majority else "at least 1 of the"
            raise v.error(
                "victory_centers",
                f"{victory} must be {wanted} supply centres and at most {len(centers)}",
            )
        provinces = {
            code: Province(
                code=code,
                name=raw["name"],
                kind=raw["kind"],
                coasts=tuple(raw["coasts"]),
                supply_center=raw["supply_center"],
                home_of=self.homes.get(code),
                aliases=tuple(raw["aliases"]),
            )
            for code, raw in self.raw.items()
        }
        return Variant(
            name=name,
            title=title,
            directory=self.directory,
            map_directory=self.map_directory,
            provinces=provinces,
            powers=powers,
            coasts=self.coasts,
            start_phase=start_phase,
            victory_centers=victory,
            victory_majority=majority,
            starting_units=tuple(self.units),
            starting_centers=self.owned,
            army_adjacency=self.army,
            fleet_adjacency=self.fleet,
            province_names=province_names,
            power_names=power_names,
            coast_names=coast_names,
            rules=rules,
            empires_per_game=v.get(v.data, "empires_per_game", "empires_per_game", "bool", False),
        )

    # -- coasts ------------------------------------------------------------

    def _read_coasts(self) -> dict[str, str]:
        v = self.v
        table = v.get(v.data, "coasts", "coasts", "table", {})
        v.codes(table, "coasts")
        names = _NameIndex(v, "coast")
        for code, entry in table.items():
            where = f"coasts.{code}"
            if not isinstance(entry, dict):
                raise v.error(where, "must be a table")
            v.only_keys(entry, ("name", "aliases"), where)
            name = v.get(entry, "name", f"{where}.name", "str")
            aliases = v.get(entry, "aliases", f"{where}.aliases", "strings", [])
            for text in (code, name, *aliases):
                names.add(text, code, f"{where}.aliases")
            self.coasts[code] = Coast(code, name, tuple(aliases))
        return names.index

    # -- provinces ---------------------------------------------------------

    def _read_provinces(self) -> dict[str, str]:
        m = self.m
        m.only_keys(m.data, ("provinces",), "")
        table = m.get(m.data, "provinces", "provinces", "table")
        if not table:
            raise m.error("provinces", "no provinces")
        m.codes(table, "provinces")
        names = _NameIndex(m, "province")
        for code in table:
            names.add(code, code, f"provinces.{code}")
        for code, entry in table.items():
            where = f"provinces.{code}"
            if not isinstance(entry, dict):
                raise m.error(where, "must be a table")
            self.raw[code] = self._read_province(code, entry)
            names.add(self.raw[code]["name"], code, f"{where}.name")
        # Aliases last, so that an alias clashing with a code or name is the one blamed.
        for code, raw in self.raw.items():
            for alias in raw["aliases"]:
                names.add(alias, code, f"provinces.{code}.aliases")
        return names.index

    def _read_province(self, code: str, entry: dict[str, Any]) -> dict[str, Any]:
        m, where = self.m, f"provinces.{code}"
        m.only_keys(entry, _PROVINCE_KEYS, where)
        kind = m.get(entry, "kind", f"{where}.kind", "str")
        if kind not in KINDS:
            raise m.error(f"{where}.kind", f"{kind!r} is not one of {', '.join(KINDS)}")
        raw = {
            "name": m.get(entry, "name", f"{where}.name", "str"),
            "kind": kind,
            "supply_center": m.get(entry, "supply_center", f"{where}.supply_center", "bool", False),
            "aliases": m.get(entry, "aliases", f"{where}.aliases", "strings", []),
            "coasts": m.get(entry, "coasts", f"{where}.coasts", "strings", []),
            "army": m.get(entry, "army", f"{where}.army", "strings", []),
        }
        if raw["supply_center"] and kind == "sea":
            raise m.error(f"{where}.supply_center", "a sea province cannot be a supply centre")
        if raw["army"] and kind == "sea":
            raise m.error(f"{where}.army", "armies cannot enter a sea province")
        _no_duplicates(m, raw["army"], f"{where}.army")
        coasts = raw["coasts"]
        _no_duplicates(m, coasts, f"{where}.coasts")
        if coasts and kind != "coast":
            raise m.error(f"{where}.coasts", f"only a 'coast' province has coasts, not a {kind!r}")
        for coast in coasts:
            if coast not in self.coasts:
                raise m.error(
                    f"{where}.coasts", f"{coast!r} is not a coast declared in {self.v.shown}"
                )
        fleet = entry.get("fleet", _MISSING)
        if kind == "land":
            if fleet is not _MISSING and fleet:
                raise m.error(f"{where}.fleet", "fleets cannot enter an inland province")
            raw["fleet"] = {}
        elif coasts:
            table = m.get(entry, "fleet", f"{where}.fleet", "table")
            if set(table) != set(coasts):
                raise m.error(
                    f"{where}.fleet",
                    f"must have one list per coast ({', '.join(coasts)}), "
                    f"not {', '.join(table) or 'none'}",
                )
            raw["fleet"] = {
                f"{code}/{c}": m.get(table, c, f"{where}.fleet.{c}", "strings") for c in coasts
            }
        else:
            raw["fleet"] = {code: m.get(entry, "fleet", f"{where}.fleet", "strings", [])}
        return raw

    def _check_army(self) -> None:
        m = self.m
        for code, raw in self.raw.items():
            where = f"provinces.{code}.army"
            for dest in raw["army"]:
                if dest == code:
                    raise m.error(where, f"{code!r} cannot be adjacent to itself")
                if dest not in self.raw:
                    hint = " (armies move between provinces, not coasts)" if "/" in dest else ""
                    raise m.error(where, f"{dest!r} is not a province{hint}")
                if self.raw[dest]["kind"] == "sea":
                    raise m.error(where, f"{dest!r} is a sea; armies cannot go there")
                if code not in self.raw[dest]["army"]:
                    raise m.error(where, f"{dest!r} is not adjacent back to {code!r}")
            self.army[code] = frozenset(raw["army"])

    def _fleet_where(self, loc: str) -> str:
        code, _, coast = loc.partition("/")
        return f"provinces.{code}.fleet" + (f".{coast}" if coast else "")

    def _check_fleet(self) -> None:
        m = self.m
        lists = {loc: dests for raw in self.raw.values() for loc, dests in raw["fleet"].items()}
        for loc, dests in lists.items():
            where = self._fleet_where(loc)
            _no_duplicates(m, dests, where)
            for dest in dests:
                self._check_fleet_location(dest, where)
                if dest == loc or self._province(dest) == self._province(loc):
                    raise m.error(where, f"{dest!r} is in the same province as {loc!r}")
                if loc not in lists[dest]:
                    raise m.error(where, f"{dest!r} is not adjacent back to {loc!r}")
            self.fleet[loc] = frozenset(dests)

    @staticmethod
    def _province(loc: str) -> str:
        return loc.partition("/")[0]

    def _check_fleet_location(self, loc: str, where: str, file: _File | None = None) -> None:
        """Raise unless ``loc`` is a place a fleet can stand (coast-specific)."""
        file = file or self.m
        code, _, coast = loc.partition("/")
        raw = self.raw.get(code)
        if raw is None:
            raise file.error(where, f"{loc!r} is not a province")
        if raw["kind"] == "land":
            raise file.error(where, f"{loc!r} is inland; fleets cannot go there")
        if raw["coasts"] and not coast:
            options = ", ".join(f"{code}/{c}" for c in raw["coasts"])
            raise file.error(where, f"{loc!r} has split coasts; name one of {options}")
        if coast and coast not in raw["coasts"]:
            raise file.error(where, f"{loc!r}: {code!r} has no coast {coast!r}")

    # -- powers ------------------------------------------------------------

    def _read_powers(self) -> tuple[dict[str, Power], dict[str, str]]:
        """Read every power; fills ``self.units`` and ``self.owned`` as it goes."""
        v = self.v
        if v.get(v.data, "empires_per_game", "empires_per_game", "bool", False):
            if "powers" in v.data:
                raise v.error("powers", "a variant whose empires are named per game lists none")
            return {}, {}
        table = v.get(v.data, "powers", "powers", "table")
        if not table:
            raise v.error("powers", "no powers")
        v.codes(table, "powers")
        names = _NameIndex(v, "power")
        shared = self._shared_initials(table)
        powers: dict[str, Power] = {}
        for code, entry in table.items():
            if not isinstance(entry, dict):
                raise v.error(f"powers.{code}", "must be a table")
            powers[code] = self._read_power(code, entry, names, shared)
        return powers, names.index

    def _shared_initials(self, table: Mapping[str, Any]) -> frozenset[str]:
        """The initials (upper case) several powers may share: none unless the variant
        sets ``shared_initials = true``; a shared initial then names none of them."""
        v = self.v
        if not v.get(v.data, "shared_initials", "shared_initials", "bool", False):
            return frozenset()
        initials = [
            str(e.get("initial", "")).upper() for e in table.values() if isinstance(e, dict)
        ]
        return frozenset(i for i in initials if initials.count(i) > 1)

    def _read_power(
        self, code: str, entry: dict[str, Any], names: _NameIndex, shared: frozenset[str]
    ) -> Power:
        v, where = self.v, f"powers.{code}"
        v.only_keys(entry, _POWER_KEYS, where)
        name = v.get(entry, "name", f"{where}.name", "str")
        adjective = v.get(entry, "adjective", f"{where}.adjective", "str")
        initial = v.get(entry, "initial", f"{where}.initial", "str")
        if len(initial) != 1 or not initial.isalpha():
            raise v.error(f"{where}.initial", f"{initial!r} must be a single letter")
        aliases = v.get(entry, "aliases", f"{where}.aliases", "strings", [])
        names.add(code, code, where)
        for field, text in (("name", name), ("adjective", adjective), ("initial", initial)):
            if field != "initial" or initial.upper() not in shared:
                names.add(text, code, f"{where}.{field}")
        for text in aliases:
            names.add(text, code, f"{where}.aliases")

        homes = v.get(entry, "home_centers", f"{where}.home_centers", "strings")
        self._check_centers(homes, f"{where}.home_centers")
        for home in homes:
            if home in self.homes:
                raise v.error(
                    f"{where}.home_centers", f"{home!r} is already home to {self.homes[home]!r}"
                )
            self.homes[home] = code

        start = v.get(entry, "starting_centers", f"{where}.starting_centers", "strings", homes)
        self._check_centers(start, f"{where}.starting_centers")
        for center in start:
            if center in self.owner:
                raise v.error(
                    f"{where}.starting_centers",
                    f"{center!r} is already owned by {self.owner[center]!r}",
                )
            self.owner[center] = code
        self.owned[code] = tuple(start)

        for text in v.get(entry, "units", f"{where}.units", "strings", []):
            kind, loc = self._read_unit(text, f"{where}.units")
            prov = self._province(loc)
            if prov in self.occupied:
                raise v.error(
                    f"{where}.units", f"{prov!r} already holds a unit of {self.occupied[prov]!r}"
                )
            self.occupied[prov] = code
            self.units.append((code, kind, loc))
        return Power(code, name, adjective, initial, tuple(homes), tuple(aliases))

    def _check_centers(self, centers: list[str], where: str) -> None:
        _no_duplicates(self.v, centers, where)
        for center in centers:
            if center not in self.raw:
                raise self.v.error(where, f"{center!r} is not a province")
            if not self.raw[center]["supply_center"]:
                raise self.v.error(where, f"{center!r} is not a supply centre")

    def _read_unit(self, text: str, where: str) -> tuple[str, str]:
        match = _UNIT.fullmatch(text.strip())
        if not match:
            raise self.v.error(where, f"{text!r} is not a unit such as 'A par' or 'F spa/nc'")
        kind, loc = match.groups()
        if kind == "A":
            raw = self.raw.get(loc)
            if raw is None:
                hint = " (armies stand in provinces, not on coasts)" if "/" in loc else ""
                raise self.v.error(where, f"{text!r}: {loc!r} is not a province{hint}")
            if raw["kind"] == "sea":
                raise self.v.error(where, f"{text!r}: an army cannot stand in a sea")
        else:
            self._check_fleet_location(loc, where, self.v)
        return kind, loc
