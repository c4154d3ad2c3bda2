"""The variant owns its geography (issue 27: caches are owned by the object whose data
they cache): a variant's geography is made once, and goes when the variant goes."""

from __future__ import annotations

import gc
import weakref

from judge.engine.mapgeo import geography_for
from judge.rules.outerspace.engine import engine_for
from judge.variant.data import load_variant


def test_one_geography_per_variant() -> None:
    variant = load_variant("standard")
    assert geography_for(variant) is geography_for(variant)
    other = variant.with_powers(variant.powers)
    assert geography_for(other) is not geography_for(variant)
    assert geography_for(other).variant is other


def test_a_dropped_variant_and_its_geography_are_freed() -> None:
    variant = load_variant("standard").with_powers(load_variant("standard").powers)
    gone = weakref.ref(variant)
    geography_for(variant)
    del variant
    gc.collect()
    assert gone() is None  # no module-level table keeps it alive


def test_a_dropped_outer_space_variant_is_freed() -> None:
    base = load_variant("standard")
    variant = base.with_powers(base.powers)
    gone = weakref.ref(variant)
    rules = engine_for({})
    assert rules.geography(variant) is rules.geography(variant)
    del variant
    gc.collect()
    assert gone() is None


def test_tables_read_from_a_variant_go_with_it() -> None:
    from judge.rules import documents
    from judge.variant import rootz_pairs

    base = load_variant("standard")
    variant = base.with_powers(base.powers)
    gone = weakref.ref(variant)
    assert documents._places(variant) is documents._places(variant)
    documents._usual_units(variant)
    documents._power_codes(variant)
    rootz = load_variant("rootz").with_powers(load_variant("rootz").powers)
    rootz_gone = weakref.ref(rootz)
    rootz_pairs._zones(rootz)
    del variant, rootz
    gc.collect()
    assert gone() is None and rootz_gone() is None
