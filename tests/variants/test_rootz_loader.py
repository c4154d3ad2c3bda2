"""The loader's two switches that Root Z needs (variant.toml): ``victory_majority = false``
(18 of 68 centres wins) and ``shared_initials = true`` (France 1 and France 2 are both F).
Without them the standard checks stand (tests/test_variant.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.variant.data import REPO_ROOT, VariantError, load_variant

STANDARD_DIR = REPO_ROOT / "variants" / "standard"


def rootz_edited_standard(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    """A copy of the standard variant with exact, unique text changes in variant.toml."""
    target = tmp_path / "edited"
    shutil.copytree(STANDARD_DIR, target)
    path = target / "variant.toml"
    text = path.read_text()
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text)
    return target


SWITCH = 'start_phase = "S1901M"\n'


def test_rootz_switches_default_to_the_standard_checks() -> None:
    assert load_variant("standard").victory_majority is True
    assert load_variant("rootz").victory_majority is False


def test_rootz_victory_below_a_majority_needs_the_switch(tmp_path: Path) -> None:
    low = ("victory_centers = 18", "victory_centers = 9")
    with pytest.raises(VariantError, match="more than half of the 34"):
        load_variant(rootz_edited_standard(tmp_path / "a", low))
    switched = (SWITCH, SWITCH + "victory_majority = false\n")
    variant = load_variant(rootz_edited_standard(tmp_path / "b", low, switched))
    assert variant.victory_centers == 9 and variant.victory_majority is False


@pytest.mark.parametrize(
    ("value", "fragment"),
    [("0", "must be at least 1 of the supply centres"), ("35", "and at most 34")],
)
def test_rootz_victory_without_majority_is_still_bounded(
    tmp_path: Path, value: str, fragment: str
) -> None:
    directory = rootz_edited_standard(
        tmp_path,
        ("victory_centers = 18", f"victory_centers = {value}"),
        (SWITCH, SWITCH + "victory_majority = false\n"),
    )
    with pytest.raises(VariantError, match=fragment) as info:
        load_variant(directory)
    assert str(info.value).startswith(f"{directory / 'variant.toml'}: victory_centers: ")


def test_rootz_shared_initial_needs_the_switch(tmp_path: Path) -> None:
    shared = ('initial = "G"', 'initial = "F"')
    with pytest.raises(VariantError, match="'F' is ambiguous"):
        load_variant(rootz_edited_standard(tmp_path / "a", shared))
    switched = (SWITCH, SWITCH + "shared_initials = true\n")
    variant = load_variant(rootz_edited_standard(tmp_path / "b", shared, switched))
    assert variant.powers["germany"].initial == variant.powers["france"].initial == "F"
    assert variant.lookup_power("F") is None  # names neither
    assert variant.lookup_power("E") == "england"  # an initial nobody shares still names
    assert variant.lookup_power("Germany") == "germany"


def test_rootz_an_unshared_initial_still_clashes_with_other_names(tmp_path: Path) -> None:
    directory = rootz_edited_standard(
        tmp_path,
        ('initial = "G"', 'initial = "E"'),  # shared by England and Germany: allowed
        ('aliases = ["rus"]', 'aliases = ["rus", "f"]'),  # France's F is not shared
        (SWITCH, SWITCH + "shared_initials = true\n"),
    )
    with pytest.raises(VariantError, match="'f' is ambiguous") as info:
        load_variant(directory)
    assert "powers.russia.aliases" in str(info.value)


@pytest.mark.parametrize("key", ["victory_majority", "shared_initials"])
def test_rootz_switches_are_booleans(tmp_path: Path, key: str) -> None:
    directory = rootz_edited_standard(tmp_path, (SWITCH, SWITCH + f'{key} = "yes"\n'))
    with pytest.raises(VariantError, match=f"{key}: must be true or false"):
        load_variant(directory)
