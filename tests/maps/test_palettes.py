"""Every map's power colours stay apart for colour-blind players (issue 26 item 9:
Colonial's Russia and Turkey were hard to tell apart).

Each palette is seen with normal vision and through the Machado et al. (2009)
simulation of protanopia, deuteranopia and tritanopia; every two powers' colours must
differ by at least :data:`LEAST_CVD` (CIEDE2000) in each simulation and by
:data:`LEAST_NORMAL` with normal vision.  Root Z's board 2 repeats board 1's colours
with a white dot (its second cue), so board 1's powers are checked."""

from __future__ import annotations

import pytest

from judge.maps.geometry import geometry_for
from judge.maps.orbit import PALETTE
from judge.variant.data import load_variant
from tests.maps.colour_vision import ciede2000, closest_pairs

LEAST_CVD = 12.0
LEAST_NORMAL = 20.0
OUTER_SPACE_EMPIRES = 7  # the palette's first colours, apart as a map's powers are


def _powers(variant: str) -> dict[str, str]:
    geo = geometry_for(load_variant(variant).directory)
    assert geo is not None
    marked = set(geo.unit_marks)
    return {p: c for p, c in geo.powers.items() if p not in marked}


def _palettes() -> dict[str, dict[str, str]]:
    out = {v: _powers(v) for v in ("standard", "rootz", "colonial")}
    out["outerspace"] = {f"empire{i + 1}": c for i, c in enumerate(PALETTE[:OUTER_SPACE_EMPIRES])}
    return out


@pytest.mark.parametrize("palette", sorted(_palettes()))
def test_power_colours_stay_apart_for_colour_blind_players(palette: str) -> None:
    colours = _palettes()[palette]
    assert len(colours) >= 7
    for vision, (difference, a, b) in closest_pairs(colours).items():
        least = LEAST_NORMAL if vision == "normal" else LEAST_CVD
        assert difference >= least, f"{palette}, {vision}: {a} and {b} differ by {difference:.1f}"


def test_the_check_catches_the_old_colonial_palette() -> None:
    """Colonial's former colours: France and Japan all but merge under protanopia,
    Britain and Russia under deuteranopia, though all differ with normal vision."""
    old = {
        "britain": "#D8343A",
        "china": "#F2D01C",
        "france": "#2F66CF",
        "holland": "#F08A24",
        "japan": "#A24FC4",
        "russia": "#2F8F3A",
        "turkey": "#27B3B0",
    }
    found = closest_pairs(old)
    assert found["normal"][0] >= LEAST_NORMAL
    assert found["protanopia"][1:] == ("france", "japan") and found["protanopia"][0] < 3
    assert found["deuteranopia"][1:] == ("britain", "russia") and found["deuteranopia"][0] < 5


def test_ciede2000_matches_the_published_test_data() -> None:
    """Sharma, Wu and Dalal (2005), pairs 1, 7 and 17 of their table."""
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
