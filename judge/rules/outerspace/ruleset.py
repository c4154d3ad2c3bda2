"""The game-level ruleset of Outer Space (:class:`OuterSpaceRuleset`).

A game's empires are named per game: the stored position lists them (``powers``,
``empires``) and every step reads the variant of that game from it
(:func:`judge.variant.empires.empire_variant`).  A new game's position has no empire
until the game layer gives them (:meth:`OuterSpaceRuleset.empire_position`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.phase import Phase
from judge.orders.forms import OrderForm
from judge.orders.keys import OrderKey
from judge.rules.base import (
    ORBIT_PICTURE,
    Document,
    Owed,
    Ruleset,
    Slots,
    Step,
    StoredOrder,
    owed_adjustments,
    unanswered,
)
from judge.rules.outerspace.documents import (
    adjudicate_space_document,
    judge_space_checks,
    read_space_position,
    space_checks,
    space_document,
    space_variant,
    starting_document,
)
from judge.rules.outerspace.engine import engine_for
from judge.rules.outerspace.forms import SPACE_FORMS, space_wording
from judge.rules.outerspace.kinds import BeamDown, BeamSupport, BeamUp, OrbitHold, OrbitRetreat
from judge.rules.outerspace.space import (
    CAPACITY,
    ORBIT,
    is_orbit,
    is_slot,
    orbit_power,
    orbit_slot,
)
from judge.rules.outerspace.syntax import syntax_for
from judge.rules.standard import StandardRuleset
from judge.variant.empires import MAX_EMPIRES, MIN_EMPIRES, Empire

if TYPE_CHECKING:
    from judge.engine.position import Position
    from judge.engine.rules import EngineRules
    from judge.reports.names import Names
    from judge.reports.settings import VariantLike
    from judge.variant.data import Variant


class OuterSpaceRuleset(StandardRuleset):
    """ "It Came From Outer Space" on the standard map (D1-D24)."""

    name = "outerspace"
    disorder_rules = ()  # D22: its own removals, an army in orbit one move from land
    picture = board_picture = ORBIT_PICTURE
    players_name_powers = True
    # Reports word orders stored as data like the standard kinds they resemble, and
    # a colonize order by its own word.
    report_kinds: ClassVar[Mapping[str, tuple[str, str]]] = {
        OrbitHold.kind: ("hold", ""),
        BeamDown.kind: ("move", " from orbit"),
        BeamUp.kind: ("move", ""),
        BeamSupport.kind: ("support", ""),
        OrbitRetreat.kind: ("retreat", ""),
    }
    report_verbs: ClassVar[Mapping[str, str]] = {"col": "COLONIZE"}

    def __init__(self) -> None:
        super().__init__(syntax_for({}))

    # ----------------------------------------------------------------- seats

    def game_problem(self, variant: str, layer: str, seats: int) -> str | None:
        """Each player names an empire: the master says how many play (2 to 26),
        and the game is played by these rules alone (no multiverse)."""
        if not MIN_EMPIRES <= seats <= MAX_EMPIRES:
            return (
                f"a game whose players name their empires needs PLAYERS <n>, "
                f"from {MIN_EMPIRES} to {MAX_EMPIRES}"
            )
        if layer != "standard":
            return f"variant {variant} is played by its own rules only"
        return None

    def seat_range(self, powers: int) -> tuple[int, int]:
        """From 2 to 26 empires, whatever the variant's (empty) list of powers."""
        return MIN_EMPIRES, MAX_EMPIRES

    def order_forms(self) -> tuple[OrderForm, ...]:
        """The spacecraft's and the colonies' forms first, then the standard ones
        (retreats, builds and removals as D18, D21 and D22 have them)."""
        return (*SPACE_FORMS, *(space_wording(form) for form in super().order_forms()))

    # -------------------------------------------------------------- positions

    def starting_position(self, variant: str, *, adjacency: str = "", seed: int = 0) -> Document:
        """A new game before its empires are known: no empire, no unit."""
        from judge.variant.data import load_variant

        loaded = load_variant(variant)
        return {
            "variant": loaded.name,
            "phase": loaded.start_phase,
            "powers": [],
            "empires": {},
            "units": [],
            "dislodged": [],
            "contested": [],
            "supply_centers": {},
            "colonies": {},
        }

    def empire_position(self, doc: Mapping[str, Any], empires: Sequence[Empire]) -> Document:
        """The starting position once the empires are known (each with its spacecraft
        of three armies); raises EmpireError when they clash."""
        return starting_document(list(empires), str(doc.get("variant", "outerspace")))

    # ----------------------------------------------------------- mail orders

    def check_orders(self, doc: Document, power: str, lines: list[str]) -> list[Any]:
        from judge.orders.text import check_position_orders

        variant = space_variant(doc)
        position = read_space_position(variant, doc)
        return check_position_orders(variant, position, power, lines, syntax_for(position.colonies))

    def owed(self, doc: Document) -> dict[str, list[Owed]]:
        variant = space_variant(doc)
        position = read_space_position(variant, doc)
        found: dict[str, list[Owed]] = {}
        if position.phase.kind == "M":
            for loc, unit in position.units.items():
                where = ORBIT if is_orbit(loc) else str(loc)
                found.setdefault(unit.power, []).append(
                    Owed(str(loc), f"{unit.type.value} {where}")
                )
            return found
        if position.phase.kind == "R":
            for loc, dislodged in position.dislodged.items():
                if dislodged.retreat_options:
                    found.setdefault(dislodged.unit.power, []).append(
                        Owed(str(loc), f"{dislodged.unit.type.value} {loc}")
                    )
            return found
        return owed_adjustments(engine_for(position.colonies).owed_changes(variant, position))

    def adjustment_view(self, doc: Document) -> tuple[Variant, Position, EngineRules]:
        variant = space_variant(doc)
        position = read_space_position(variant, doc)
        return variant, position, engine_for(position.colonies)

    def slots(self, doc: Mapping[str, Any], key: OrderKey) -> Slots | None:
        """The armies in the empire's spacecraft (D7: interchangeable), when ``key``
        names one of its slots."""
        if not key.is_unit or key.board is not None or not is_slot(key.loc):
            return None
        power = orbit_power(key.loc)
        mine = [
            unit
            for unit in doc.get("units", [])
            if unit.get("province") == ORBIT and unit.get("power") == power
        ]
        kind = "army" if all(unit.get("type") == "A" for unit in mine) else "unit"
        plural = kind if len(mine) == 1 else "armies" if kind == "army" else "units"
        them = "it" if len(mine) == 1 else "them all"
        full = (
            f"{ORBIT.upper()} holds {len(mine)} of your {plural}, and earlier orders "
            f"of this mail already order {them}"
        )
        keys = tuple(OrderKey.unit(orbit_slot(power, n)) for n in range(1, len(mine) + 1))
        return Slots((power, ORBIT), keys, full)

    def refusal_after(
        self, doc: Document, power: str, earlier: Callable[[], Sequence[str]], order: str
    ) -> str | None:
        """The spacecraft's room, used by the beam-ups and retreats into it listed
        before (D13, D18): the order checked after the others, as in one batch."""
        *_, check = self.check_orders(doc, power, [*earlier(), order])
        if check.ok:
            return None
        return (check.message or "").removeprefix(f"{order}: ")

    def unordered(self, doc: Document, power: str, keys: Iterable[OrderKey]) -> list[str]:
        keys = list(keys)
        if Phase.parse(str(doc.get("phase", ""))).is_adjustment:
            return unanswered(self.owed(doc).get(power, []), keys)
        given = {key.loc for key in keys if key.is_unit}
        return [item.label for item in self.owed(doc).get(power, []) if item.key not in given]

    # ---------------------------------------------------------- adjudication

    def adjudicate(self, doc: Document) -> Document:
        return adjudicate_space_document(doc)

    def step(self, doc: Document) -> Step:
        variant = space_variant(doc)
        position = read_space_position(variant, doc)
        answer, outcome = judge_space_checks(
            variant, position, space_checks(variant, position, doc)
        )
        after = space_document(variant, outcome.position, doc)  # type: ignore[arg-type]
        if not Phase.parse(answer["next_phase"]).is_retreat:
            after["dislodged"], after["contested"] = [], []
        return Step(doc, answer, after, answer["next_phase"], answer.get("winner"))

    def step_stored(self, doc: Document, orders: Mapping[str, list[StoredOrder]]) -> Step:
        """The stored orders read again from their canonical wording (the armies in
        orbit are interchangeable, so an order's data names no particular one)."""
        return Ruleset.step_stored(self, doc, orders)

    def render_results(
        self, step: Step, variant: Any, settings: Any, *, preview: bool = False
    ) -> tuple[str, str, str]:
        """The classic report with the armies in orbit, colonies and jamming."""
        from judge.reports.outerspace import render_space_report

        return render_space_report(
            step.answer,
            step.after,
            variant,
            self.noted(step, variant, settings),
            step.before,
            preview=preview,
            owed_builds=self.owed_builds(step.before),
            words=self.order_words(),
            playing=self.survivors(step.after),
        )

    def status_lines(self, board: Mapping[str, Any], power: str) -> list[str]:
        """The empire's colonies (``colonies: Paris, Vienna``)."""
        colonies = sorted((board.get("colonies") or {}).get(power, []))
        return [f"colonies: {', '.join(colonies) or '-'}"]

    def report_names(self, variant: VariantLike) -> Names:
        """The variant's names, with each empire's spacecraft named (``Orbit (Zorg)``)."""
        from judge.reports.outerspace import space_names

        return space_names(variant)

    def variant_facts(self, variant: Any) -> dict[str, Any]:
        """``judge variant show outerspace --json`` says the empires are named per game
        and how many armies a spacecraft carries."""
        return {"empires_per_game": True, "spacecraft_capacity": CAPACITY}
