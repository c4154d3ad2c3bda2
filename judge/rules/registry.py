"""Choosing a game's :class:`~judge.rules.base.Ruleset`.

A variant names its map's rules in ``variant.toml`` (``rules = "standard"``, the
default): the judge's own, or rules an installed package adds
(:mod:`judge.variant.plugins`).  A game plays them as they are (``Game.rules`` "standard") or with a
layer over them (``Game.rules`` "multiverse": the multiverse rules on that map).
A ``judge adjudicate`` document declares its kind by its shape: a world document
has ``boards`` (docs/multiverse.md), any other is a phase document of its
variant's rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from judge.rules.base import Ruleset
from judge.variant.plugins import RULESETS, plugin, plugin_names

if TYPE_CHECKING:
    from judge.store.models import Game

STANDARD = "standard"
COLONIAL = "colonial"
ROOTZ = "rootz"
OUTERSPACE = "outerspace"
MULTIVERSE = "multiverse"


class UnknownRules(ValueError):
    """A variant or game names rules this judge does not have."""


def _standard() -> Ruleset:
    from judge.rules.standard import StandardRuleset

    return StandardRuleset()


def _colonial() -> Ruleset:
    from judge.rules.colonial import ColonialRuleset

    return ColonialRuleset()


def _rootz() -> Ruleset:
    from judge.rules.rootz import RootzRuleset

    return RootzRuleset()


def _outerspace() -> Ruleset:
    from judge.rules.outerspace.ruleset import OuterSpaceRuleset

    return OuterSpaceRuleset()


def _multiverse(base: Ruleset) -> Ruleset:
    from judge.rules.multiverse.ruleset import MultiverseRuleset

    return MultiverseRuleset(base)


# The rules a variant's map may be played by, by the name variant.toml gives (and
# those installed packages add: judge.variant.plugins).
BASE_RULES: dict[str, Callable[[], Ruleset]] = {
    STANDARD: _standard,
    COLONIAL: _colonial,
    ROOTZ: _rootz,
    OUTERSPACE: _outerspace,
}
# The rules a game may layer over its map's rules, by the name Game.rules gives
# ("standard": none).
LAYERS: dict[str, Callable[[Ruleset], Ruleset]] = {MULTIVERSE: _multiverse}


@functools.lru_cache(maxsize=32)
def ruleset_named(base: str, layer: str = STANDARD) -> Ruleset:
    """The ruleset of a map played by ``base`` rules with ``layer`` over them.

    Rulesets hold no state of a game, so one instance serves every game."""
    make = BASE_RULES.get(base) or plugin(RULESETS, base)
    if make is None:
        known = ", ".join([*BASE_RULES, *plugin_names(RULESETS)])
        raise UnknownRules(f"no rules called {base!r} (this judge has {known})")
    ruleset = make()
    if layer == STANDARD:
        return ruleset
    wrap = LAYERS.get(layer)
    if wrap is None:
        known = ", ".join([STANDARD, *LAYERS])
        raise UnknownRules(f"no game rules called {layer!r} (this judge has {known})")
    return wrap(ruleset)


def game_rules() -> tuple[str, ...]:
    """The names a game's rules may be chosen by (CREATE ... RULES): the map's rules
    as they are, then each layer over them."""
    return (STANDARD, *LAYERS)


def rules_settings(rules: str) -> tuple[str, ...]:
    """The settings (``Game.adjacency``) a game of the game rules ``rules`` chooses
    among, the default first (:attr:`~judge.rules.base.Ruleset.settings`)."""
    return ruleset_named(STANDARD, rules).settings


def variant_rules(variant: str) -> str:
    """The rules a variant's map is played by (``rules`` in its variant.toml)."""
    from judge.variant.data import load_variant

    return load_variant(variant).rules


def ruleset_for(variant: str = "standard", rules: str = STANDARD) -> Ruleset:
    """The ruleset of a game of ``variant`` with the game rules ``rules``."""
    return ruleset_named(variant_rules(variant), rules)


def ruleset_for_game(game: Game) -> Ruleset:
    """The ruleset a stored game is played by (its variant, ``Game.rules`` and the
    rules setting that refines them, ``Game.adjacency``)."""
    return ruleset_for(game.variant, game.rules).played_as(game.adjacency)


def is_world_document(doc: Mapping[str, Any]) -> bool:
    """Whether a document is a multiverse world: it has ``boards``."""
    return "boards" in doc


def ruleset_for_document(doc: Mapping[str, Any]) -> Ruleset:
    """The ruleset a position document (stored, or given to ``judge adjudicate``)
    is read by.

    A variant that cannot be loaded is read by the standard rules, whose reading of
    the document then says what is wrong with the variant."""
    from judge.variant.data import VariantError

    layer = MULTIVERSE if is_world_document(doc) else STANDARD
    name = doc.get("variant", "standard")
    try:
        base = variant_rules(name) if isinstance(name, str) else STANDARD
    except (VariantError, OSError):
        base = STANDARD
    return ruleset_named(base, layer).for_document(doc)


def adjudicate(doc: Any) -> Any:
    """Adjudicate one position document of ``judge adjudicate``, or a list of them
    (answers in the same order), each by the ruleset that reads it."""
    from judge.rules.documents import DocumentError

    if isinstance(doc, list):
        return [adjudicate(item) for item in doc]
    if not isinstance(doc, dict):
        raise DocumentError("a phase document must be a JSON object or an array of them")
    return ruleset_for_document(doc).adjudicate(doc)
