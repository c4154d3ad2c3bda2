"""Root Z's rules: fourteen powers adjudicated as the standard rules do, seven
players holding two powers each, and victory by centres summed over a player's powers.

A position may name the players: ``"players": {"P1": ["france1", "england2"], ...}``
(a game started with two powers a seat stores its players so, each named by its
powers joined with ``+``).  Victory (rule 6.0) is then 28 centres summed over a
player's powers; several players at 28 or more: the larger total wins, equal totals
share a draw.  A position without ``players`` is the 14-player game (rule 7.0): one
power a player, 18 centres, settled the same way among powers.

The adjudication itself is the standard engine's: the 14 powers are distinct for
every rule about own units (rule 5.1), centres go to the occupying unit's power.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from judge.rules.base import Document, Step
from judge.rules.standard import StandardRuleset

if TYPE_CHECKING:
    from judge.reports.settings import ReportSettings, VariantLike

# Rule 6.0: centres a player needs, summed over their two powers.
PAIRED_VICTORY = 28

PAIRING_METHOD = (
    "Pairs were chosen so: the players were put in an order drawn at random with the "
    "game's seed; in that order each took the allowed pair (one power next to each sea "
    "zone, rules 3.0-3.2) their two preference lists rank best (the places of its two "
    "powers added up), among those still free and leaving every later player an allowed "
    "pair; equal ranks were settled by an order of the pairs drawn with the same seed."
)


def players_of(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """The players a position names, each with their powers (empty: one power a player).

    Raises :class:`judge.rules.documents.DocumentError` for a malformed ``players``."""
    from judge.rules.documents import DocumentError

    raw = doc.get("players")
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not raw:
        raise DocumentError('"players" must map each player to a list of powers')
    seen: set[str] = set()
    players: dict[str, list[str]] = {}
    for name, powers in raw.items():
        if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
            raise DocumentError(f"player {name!r}: expected a list of power codes")
        for power in powers:
            if power in seen:
                raise DocumentError(f"power {power!r} is held by two players")
            seen.add(power)
        players[str(name)] = [p.lower() for p in powers]
    return players


def unit_label(unit: Mapping[str, Any], variant: Any) -> str:
    """Rule 2.1's label of a unit: the board its power builds on, the power's
    initial, the unit type and the province (``1FA(Par)``, ``2GF(Kie)``).

    The province is written by its standard code; it carries its own board's
    digit only when that board is not the label's (France 1's army that crossed
    the cut to Piedmont 2: ``1FA(Pie2)``), so that no label is ambiguous."""
    from judge.variant.rootz_pairs import board_code

    power = str(unit["power"])
    _, board = board_code(power)
    initial = getattr(variant.powers.get(power), "initial", "") or power[:1].upper()
    province, _, coast = str(unit["province"]).partition("/")
    code, digit = board_code(province)
    place = code.capitalize() + ("" if digit == board else digit)
    if coast:
        place += f"/{coast}"
    return f"{board}{initial.upper()}{str(unit['type']).upper()}({place})"


# Rule 2.1's label as unit_label writes it: board, initial, unit type, then the
# province by its standard code, its own board's digit and a coast when written.
_LABEL = (
    r"(?<![\w(])([12])\s*[A-Za-z]\s*([AFaf])\s*\(\s*([A-Za-z]{3})\s*([12]?)"
    r"\s*((?:/\s*[A-Za-z]{2})?)\s*\)"
)
_BRACKETED_LABEL = re.compile(r"\s*\[\s*" + _LABEL + r"\s*\]")
_BARE_LABEL = re.compile(_LABEL)


def read_labels(text: str) -> str:
    """An order line with rule 2.1's labels read as the units they name, so that a
    line copied from the results is read: ``1FA(Par) - Bur1`` is ``A Par1 - Bur1``,
    ``1FA(Pie2)`` ``A Pie2``, ``1RF(Stp/sc)`` ``F Stp1/sc``; a label in brackets after
    the unit's own words (``Army Paris 1 [1FA(Par)]``) repeats that unit and is left
    out.  The label's power is not checked: the order is checked as any order is."""
    text = _BRACKETED_LABEL.sub("", text)
    return _BARE_LABEL.sub(_unit_of_label, text)


# A word written as a label is (a board's digit, letters, a bracketed place) that
# is none: a label mistyped (``1A(Par)``, ``1FA(ar)``, ``1qFA(Par)``).
_LABEL_LIKE = re.compile(r"(?<![\w(])[12][A-Za-z]{1,4}\([A-Za-z]{1,5}[12]?(?:/[A-Za-z]{2})?\)")


def label_slipped(line: str) -> str | None:
    """Why a word of ``line`` written as a label (rule 2.1) is refused when it is none
    (a letter dropped or added: ``1A(Par)``, ``1FA(ar)``), or None."""
    found = _LABEL_LIKE.search(read_labels(line))
    if found is None:
        return None
    return (
        f"'{found.group(0)}' is not a unit's label: a label is the board, the power's"
        " initial, the unit's type and its province, as 1FA(Par) for France 1's army in"
        " Paris 1"
    )


def _unit_of_label(found: re.Match[str]) -> str:
    board, kind, code, digit, coast = found.groups()
    return f"{kind.upper()} {code}{digit or board}{coast.replace(' ', '')}"


def label_mismatch(line: str, units: Sequence[Mapping[str, Any]], variant: Any) -> str | None:
    """Why a label of ``line`` does not name the unit standing where it says (the
    army in Paris 1 is France 1's, labelled ``1GA(Par)``), or None: a label names a
    power's unit, and another power's unit is not the one the player meant."""
    for found in _BARE_LABEL.finditer(line):
        board, _, code, digit, _ = found.groups()
        province = f"{code.lower()}{digit or board}"
        here = [u for u in units if str(u.get("province", "")).split("/")[0] == province]
        if here and unit_label(here[0], variant)[:2] != found.group(0)[:2].upper():
            owner = getattr(variant.powers.get(str(here[0]["power"])), "name", here[0]["power"])
            return (
                f"{found.group(0)} names a unit of another power: the unit in "
                f"{variant.location_name(province)} is {owner}'s, {unit_label(here[0], variant)}"
            )
    return None


def _cut_note(variant: Any, check: Any) -> Any:
    """A refused move's check with rule 4.2's word when the move's destination on
    the other board is a neighbour: ``Marseilles 1 borders Piedmont 2 across the
    cut, not Piedmont 1``."""
    from judge.orders.reader import OrderSyntaxError
    from judge.orders.text import parse_order
    from judge.variant.rootz_pairs import board_code

    try:
        parsed = parse_order(variant, check.text)
    except OrderSyntaxError:
        return check
    if parsed.action != "move" or parsed.place is None or parsed.dest is None:
        return check
    unit_type = parsed.unit_type.value if parsed.unit_type is not None else "A"
    src, dest = str(parsed.place.province), str(parsed.dest.province)
    try:
        code, digit = board_code(dest)
    except ValueError:
        return check
    twin = code + ("2" if digit == "1" else "1")
    if not variant.can_move(unit_type, src, twin) or variant.can_move(unit_type, src, dest):
        return check
    name = variant.location_name
    if twin[-1:] != board_code(src.split("/")[0])[1]:
        note = (
            f" ({name(src)} borders {name(twin)} across the cut, not {name(dest)}: "
            "a move across the cut goes to the other board, rule 4.2)"
        )
    else:
        note = (
            f" ({name(src)} borders {name(twin)} on its own board: only a move across "
            "the cut changes board, rule 4.2)"
        )
    return check._replace(message=(check.message or "") + note)


def _a_move(board: Mapping[str, Any], variant: Any, power: str) -> str | None:
    """A move of one of ``power``'s units on ``board``, as its player writes it."""
    from judge.orders.forms import sample_move

    units = [u for u in board.get("units") or [] if u.get("power") == power]
    return sample_move(variant, units, power)


def totals(players: Mapping[str, Sequence[str]], centres: Mapping[str, Any]) -> dict[str, int]:
    """Centres per player, summed over the player's powers."""
    return {name: sum(len(centres.get(p, ())) for p in powers) for name, powers in players.items()}


def targets(players: Mapping[str, Sequence[str]], single: int) -> dict[str, int]:
    """The centres each player needs: rule 6.0's 28 for a player of two powers;
    a player left with one power (a pair split by a REPLACE) needs rule 7.0's
    count for a power played alone (``single``)."""
    return {name: PAIRED_VICTORY if len(powers) > 1 else single for name, powers in players.items()}


def decide(
    scores: Mapping[str, int], target: int | Mapping[str, int]
) -> tuple[str | None, tuple[str, ...]]:
    """The winner, or the sides of a draw: of those at their ``target`` (one for
    all, or one per name) or more, the larger total wins; equal largest totals draw."""
    need = target if isinstance(target, Mapping) else dict.fromkeys(scores, target)
    reached = {name: score for name, score in scores.items() if score >= need[name]}
    if not reached:
        return None, ()
    best = max(reached.values())
    top = sorted(name for name, score in reached.items() if score == best)
    return (top[0], ()) if len(top) == 1 else (None, tuple(top))


def players_heading(players: Mapping[str, Sequence[str]]) -> str:
    """The heading of the players' standing: a pair split by a REPLACE is two
    players, each counted alone."""
    if all(len(powers) == 2 for powers in players.values()):
        return "Players (two powers each, centres summed):"
    return "Players (centres summed over the powers each holds):"


class _NoPowerVictory:
    """A variant whose powers win by no count of their own (a paired game's reports)."""

    victory_centers = 0

    def __init__(self, variant: Any) -> None:
        self._variant = variant

    def __getattr__(self, name: str) -> Any:
        return getattr(self._variant, name)


class RootzRuleset(StandardRuleset):
    """Root Z: the standard rules on the two joined boards, with paired players."""

    name = "rootz"

    # ------------------------------------------------------------------ seats

    def powers_per_seat(self, seats: int, powers: int) -> int:
        """Two powers a player (the 7-player game) unless the game asks for more
        players than that seats (the 14-player game of rule 7.0)."""
        return 1 if seats > powers // 2 else 2

    def assign_seats(
        self, variant: str, preferences: Sequence[Sequence[Sequence[str]]], seed: int
    ) -> list[tuple[str, ...]]:
        from judge.rules.rootz_pairing import assign_pairs
        from judge.variant.data import load_variant
        from judge.variant.rootz_pairs import allowed_pairs, power_zones

        loaded = load_variant(variant)
        order = list(loaded.powers)
        pairs = assign_pairs(preferences, allowed_pairs(loaded), power_zones(loaded), seed)
        return [tuple(sorted(pair, key=order.index)) for pair in pairs]

    def preference_problem(self, variant: str, lists: Sequence[Sequence[str]]) -> str | None:
        """At most two lists (rule 3.0: one per sea zone).  A power written in the
        other zone's list is not refused: pairs are ranked by where each power is
        written, whichever list holds it (the rule text's own sample puts Italy 1 and
        Italy 2 in each other's lists)."""
        if len(lists) > 2:
            return "give at most two preference lists, one per sea zone, separated by ';'"
        return None

    def seat_position(self, doc: Document, seats: Sequence[Sequence[str]]) -> Document:
        """The position naming its players, each by their powers joined with ``+``;
        a game that never paired anyone (rule 7.0) stays without names.  Called
        again after a REPLACE, a pair split between two people becomes two players."""
        if all(len(powers) < 2 for powers in seats) and "players" not in doc:
            return doc
        return {**doc, "players": {"+".join(powers): list(powers) for powers in seats if powers}}

    # ----------------------------------------------------------- mail orders

    def check_orders(self, doc: Document, power: str, lines: list[str]) -> list[Any]:
        """As the standard rules, units written by their labels too (rule 2.1), and a
        refused move between places that are neighbours on one standard board telling
        where the cut takes it (rule 4.2)."""
        from judge.orders.text import OrderCheck
        from judge.variant.data import load_variant

        variant = load_variant(doc.get("variant", "rootz"))
        pool = doc.get("dislodged") if str(doc.get("phase", ""))[-1:] == "R" else None
        units = pool or doc.get("units") or []
        wrong = [label_mismatch(line, units, variant) or label_slipped(line) for line in lines]
        if len(lines) > 1 and any(wrong):  # each line alone: a wrong label refuses its own
            return [check for line in lines for check in self.check_orders(doc, power, [line])]
        if wrong and wrong[0] is not None:
            return [OrderCheck(lines[0], False, message=wrong[0], power=power)]
        checks = super().check_orders(doc, power, [read_labels(line) for line in lines])
        return [check if check.ok else _cut_note(variant, check) for check in checks]

    def order_attempt(self, variant: str, text: str) -> bool:
        """As the standard rules, a unit written by its label (rule 2.1) included, and
        a label mistyped (:func:`label_slipped`)."""
        return super().order_attempt(variant, read_labels(text)) or bool(label_slipped(text))

    def order_shaped(self, variant: str, text: str) -> bool:
        """As the standard rules, a unit written by its label (rule 2.1) included, and
        a label mistyped (:func:`label_slipped`)."""
        return super().order_shaped(variant, read_labels(text)) or bool(label_slipped(text))

    def order_near(self, variant: str, text: str, where: str = "among") -> bool:
        """As the standard rules, a unit written by its label (rule 2.1) included."""
        return super().order_near(variant, read_labels(text), where)

    # ---------------------------------------------------------- adjudication

    def adjudicate(self, doc: Document) -> Document:
        players = players_of(doc)
        inner = {key: value for key, value in doc.items() if key != "players"}
        answer = super().adjudicate(inner)
        return self._judge_victory(answer, players, doc)

    def _judge_victory(
        self, answer: Document, players: Mapping[str, Sequence[str]], doc: Mapping[str, Any]
    ) -> Document:
        from judge.variant.data import load_variant

        centres = answer.get("supply_centers") or {}
        single = load_variant(doc.get("variant", "rootz")).victory_centers
        if players:
            winner, draw = decide(totals(players, centres), targets(players, single))
        else:
            winner, draw = decide({power: len(owned) for power, owned in centres.items()}, single)
        answer.pop("winner", None)
        answer.pop("draw", None)
        if winner is not None:
            answer["winner"] = winner
        if draw:
            answer["draw"] = list(draw)
        return answer

    def _step(self, doc: Document, answer: Document) -> Step:
        answer = self._judge_victory(answer, players_of(doc), doc)
        step = super()._step(doc, answer)
        after = dict(step.after)
        if "players" in doc:
            after["players"] = doc["players"]
        return Step(
            doc, answer, after, step.next_phase, answer.get("winner"), tuple(answer.get("draw", ()))
        )

    def largest_side(self, doc: Mapping[str, Any]) -> tuple[str, ...] | None:
        """The player with the most centres summed over their powers (rule 6.0's
        count), or None when several share the most; the 14-player game's largest
        power."""
        players = players_of(doc)
        if not players:
            return super().largest_side(doc)
        counts = self.centre_counts(doc)
        totals = {name: sum(counts.get(p, 0) for p in powers) for name, powers in players.items()}
        ranked = sorted(totals.values(), reverse=True)
        if len(ranked) > 1 and ranked[0] == ranked[1]:
            return None
        return tuple(players[max(totals, key=lambda name: totals[name])])

    def variant_facts(self, variant: Any) -> dict[str, Any]:
        """The pairs of powers one player may hold (rules 3.0-3.2: 45 of the 91), in
        the variant's order of powers: ``{"allowed_pairs": [["austria1", ...], ...]}``."""
        from judge.variant.rootz_pairs import allowed_pairs

        return {"allowed_pairs": [list(pair) for pair in allowed_pairs(variant)]}

    # ------------------------------------------------------------- outcomes

    def outcome_text(self, step: Step, name: Callable[[str], str]) -> str | None:
        players = players_of(step.before)
        scores = totals(players, step.answer.get("supply_centers") or {}) if players else {}

        def side(label: str) -> str:
            if label not in players:
                return name(label)
            return f"{' and '.join(name(p) for p in players[label])} ({scores[label]} centres)"

        if step.winner:
            return f"Victory of {side(step.winner)}"
        if step.draw:
            return f"Draw between {', '.join(side(label) for label in step.draw)}"
        return None

    def ending_sides(self, step: Step) -> tuple[frozenset[str], frozenset[str]]:
        """A winner or a side of a draw is a player (rule 6.0): each stands for both
        of its powers."""
        players = players_of(step.before)

        def powers(labels: tuple[str, ...]) -> frozenset[str]:
            return frozenset(p for label in labels for p in players.get(label, [label]))

        return powers(tuple(filter(None, [step.winner]))), powers(step.draw)

    def player_lines(self, doc: Mapping[str, Any], name: Callable[[str], str]) -> list[str]:
        players = players_of(doc)
        if not players:
            return []
        centres = self.active_boards(doc)[0].get("supply_centers") or {}
        rows = []
        for powers in players.values():
            counts = [len(centres.get(p, ())) for p in powers]
            names = " + ".join(name(p) for p in powers)
            parts = " + ".join(str(c) for c in counts)
            rows.append((sum(counts), names, parts))
        rows.sort(key=lambda row: (-row[0], row[1]))
        width = max(len(row[1]) for row in rows)
        return [
            f"  {names:<{width}}  {total:>2} centre{'' if total == 1 else 's'}"
            + (f" ({parts})" if "+" in parts else "")
            for total, names, parts in rows
        ]

    # --------------------------------------------------------------- reports

    def render_results(
        self, step: Step, variant: VariantLike, settings: ReportSettings, *, preview: bool = False
    ) -> tuple[str, str, str]:
        from judge.reports import render_report

        def label(unit: Mapping[str, Any]) -> str:
            return unit_label(unit, variant)

        settings = self.noted(step, variant, settings)
        paired = bool(players_of(step.before))  # players of two powers: their own totals
        subject, text, html = render_report(
            step.answer,
            _NoPowerVictory(variant) if paired else variant,
            settings,
            step.before,
            preview=preview,
            unit_label=label,
            owed_builds=self.owed_builds(step.before),
            words=self.order_words(),
        )
        if not paired:
            return subject, text, html
        names = {code: power.name for code, power in getattr(variant, "powers", {}).items()}
        lines = self.player_lines({**step.after}, lambda code: names.get(code, code))
        extra = ["", players_heading(players_of(step.after)), *lines]
        outcome = self.outcome_text(step, lambda code: names.get(code, code))
        if outcome:
            extra += ["", f"{outcome}."]
        text = text.rstrip("\n") + "\n" + "\n".join(extra) + "\n"
        return subject, text, html

    def start_role(self, board: Mapping[str, Any], variant: Any, power: str) -> str | None:
        """Both of the reader's powers (``France 1 and England 2``), in the variant's
        order; None in the 14-player game."""
        names = {code: p.name for code, p in variant.powers.items()}
        for powers in players_of(board).values():
            if power in powers:
                return " and ".join(names.get(p, p) for p in powers)
        return None

    def start_signon(
        self, board: Mapping[str, Any], variant: Any, power: str, game: str
    ) -> str | None:
        """``SIGNON <game> <password>``: one line signs a player on for both powers;
        None in the 14-player game."""
        if not any(power in powers for powers in players_of(board).values()):
            return None
        return f"SIGNON {game.lower()} <password>"

    def start_notes(self, board: Mapping[str, Any], variant: Any, power: str | None) -> list[str]:
        players = players_of(board)
        if not players:
            return []
        names = {code: p.name for code, p in variant.powers.items()}
        notes = []
        for powers in players.values():
            if power in powers:
                held = " and ".join(names.get(p, p) for p in powers)
                moves = ", ".join(_a_move(board, variant, p) or "" for p in powers)
                notes.append(
                    f"You play {held}: one SIGNON (with the game's name alone, or with "
                    f"either power, as {powers[0]}@<game>) signs you on for both; orders in one "
                    "mail may be for either power (the board digit tells whose unit: "
                    f"{moves.strip(', ')}). Press and reports reach you once for "
                    f"both. Victory takes {PAIRED_VICTORY} centres summed over your two "
                    "powers."
                )
        notes.append(PAIRING_METHOD)
        return notes
