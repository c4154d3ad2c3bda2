"""Root Z's rules as a ruleset (judge/rules/rootz.py): victory by centres summed over
a player's two powers (rule 6.0), the 14-player game (rule 7.0), and pairing at start
(rules 3.0-3.2, judge/rules/rootz_pairing.py)."""

from __future__ import annotations

import pytest

from judge.rules.documents import DocumentError
from judge.rules.registry import adjudicate, ruleset_for
from judge.rules.rootz import RootzRuleset, decide, totals
from judge.rules.rootz_pairing import assign_pairs, pair_cost
from judge.variant.data import load_variant
from judge.variant.rootz_pairs import allowed_pairs, power_zones

VARIANT = load_variant("rootz")
CENTRES = sorted(VARIANT.supply_centers)


def fall(owned: dict[str, int], players: dict[str, list[str]] | None = None) -> dict:
    """A Fall position with no units: each power owns the given number of centres
    (handed out in code order), which it keeps after the Fall."""
    given, supply = 0, {}
    for power, count in owned.items():
        supply[power] = CENTRES[given : given + count]
        given += count
    doc = {"variant": "rootz", "phase": "F1901M", "units": [], "supply_centers": supply}
    if players is not None:
        doc["players"] = players
    return doc


def test_rule_variant_is_played_by_the_rootz_ruleset():
    assert VARIANT.rules == "rootz"
    assert isinstance(ruleset_for("rootz"), RootzRuleset)
    assert not isinstance(ruleset_for("standard"), RootzRuleset)


def test_rule_6_0_28_centres_summed_over_two_powers_win():
    players = {"P1": ["france1", "england2"], "P2": ["germany1", "italy2"]}
    answer = adjudicate(fall({"france1": 20, "england2": 8, "germany1": 17}, players))
    assert answer["winner"] == "P1"
    assert "draw" not in answer
    # France 1 alone has 20 (more than the 14-player 18): no victory of a power
    answer = adjudicate(fall({"france1": 20, "england2": 7, "germany1": 17}, players))
    assert "winner" not in answer and "draw" not in answer


def test_rule_6_0_the_larger_total_wins_and_equal_totals_draw():
    players = {"P1": ["france1", "england2"], "P2": ["germany1", "italy2"], "P3": ["turkey1"]}
    answer = adjudicate(fall({"france1": 20, "england2": 9, "germany1": 14, "italy2": 14}, players))
    assert answer["winner"] == "P1"  # 29 beats 28
    answer = adjudicate(fall({"france1": 20, "england2": 8, "germany1": 14, "italy2": 14}, players))
    assert "winner" not in answer
    assert answer["draw"] == ["P1", "P2"]


def test_rule_7_0_fourteen_players_one_power_at_18():
    answer = adjudicate(fall({"france1": 18, "england2": 17}))
    assert answer["winner"] == "france1"
    answer = adjudicate(fall({"france1": 18, "england2": 19}))
    assert answer["winner"] == "england2"  # the larger total
    answer = adjudicate(fall({"france1": 18, "england2": 18}))
    assert "winner" not in answer and answer["draw"] == ["england2", "france1"]


def test_rule_6_0_decide_and_totals():
    players = {"a": ["x", "y"], "b": ["z"]}
    assert totals(players, {"x": [1, 2], "y": [3], "z": []}) == {"a": 3, "b": 0}
    assert decide({"a": 27, "b": 3}, 28) == (None, ())
    assert decide({"a": 30, "b": 28}, 28) == ("a", ())
    assert decide({"a": 28, "b": 28, "c": 40}, 28) == ("c", ())
    assert decide({"a": 30, "b": 30, "c": 28}, 28) == (None, ("a", "b"))


def test_rule_6_0_bad_players_are_refused():
    for players in ({}, {"P1": "france1"}, {"P1": ["france1"], "P2": ["france1"]}):
        with pytest.raises(DocumentError):
            adjudicate(fall({"france1": 3}, players))


def test_rule_6_0_a_step_keeps_the_players_and_says_the_outcome():
    rules = ruleset_for("rootz")
    players = {
        "france1+england2": ["france1", "england2"],
        "germany1+italy2": ["germany1", "italy2"],
    }
    step = rules.step(fall({"france1": 20, "england2": 8, "germany1": 14, "italy2": 14}, players))
    assert step.after["players"] == players
    assert step.winner is None and step.draw == ("france1+england2", "germany1+italy2")
    names = {code: p.name for code, p in VARIANT.powers.items()}
    text = rules.outcome_text(step, names.__getitem__)
    assert text == (
        "Draw between France 1 and England 2 (28 centres), Germany 1 and Italy 2 (28 centres)"
    )
    lines = rules.player_lines(step.after, names.__getitem__)
    assert lines[0].split() == [
        "France",
        "1",
        "+",
        "England",
        "2",
        "28",
        "centres",
        "(20",
        "+",
        "8)",
    ]
    assert lines[1].split()[-4:] == ["centres", "(14", "+", "14)"]


def test_rule_6_0_results_report_shows_players_and_no_power_victory():
    from judge.reports import ReportSettings

    rules = ruleset_for("rootz")
    players = {
        "france1+england2": ["france1", "england2"],
        "germany1+italy2": ["germany1", "italy2"],
    }
    step = rules.step(fall({"france1": 20, "england2": 5, "germany1": 1}, players))
    _, text, _ = rules.render_results(step, VARIANT, ReportSettings(game="rz"))
    assert "Players (two powers each, centres summed):" in text
    assert "France 1 + England 2  25 centres (20 + 5)" in text
    assert "Victory" not in text and "wins" not in text.lower()


def test_rule_7_0_seats_decide_the_powers_a_player_holds():
    rules = ruleset_for("rootz")
    assert rules.powers_per_seat(0, 14) == 2
    assert rules.powers_per_seat(7, 14) == 2
    assert rules.powers_per_seat(14, 14) == 1
    assert ruleset_for("standard").powers_per_seat(0, 7) == 1


# ------------------------------------------------------------------ pairing

ZONES = power_zones(VARIANT)
ALLOWED = allowed_pairs(VARIANT)
ALLOWED_SETS = {frozenset(p) for p in ALLOWED}


def codes(text: str) -> list[str]:
    letters = dict(A="austria", E="england", F="france", G="germany", I="italy", R="russia")
    letters["T"] = "turkey"
    return [f"{letters[w.strip()[0]]}{w.strip()[1:]}" for w in text.split(",")]


# Rule 3.0's sample lists, I1 and I2 in their zones (the rule text swaps them).
FIRST = codes("E1,G1,F1,T2,A2,R1,I2")
SECOND = codes("T1,A1,G2,F2,E2,I1,R2")


def _check_seating(pairs, players):
    assert len(pairs) == players
    assert all(frozenset(p) in ALLOWED_SETS for p in pairs)
    held = [power for pair in pairs for power in pair]
    assert len(held) == len(set(held))


@pytest.mark.parametrize("seed", range(6))
def test_rule_3_0_seven_players_get_disjoint_allowed_pairs(seed):
    prefs = [[FIRST[i:] + FIRST[:i], SECOND[::-1]] for i in range(7)]
    pairs = assign_pairs(prefs, ALLOWED, ZONES, seed)
    _check_seating(pairs, 7)
    assert assign_pairs(prefs, ALLOWED, ZONES, seed) == pairs  # reproducible


def test_rule_3_0_players_without_preferences_are_seated_too():
    for players in (1, 3, 7):
        _check_seating(assign_pairs([[]] * players, ALLOWED, ZONES, 11), players)
    with pytest.raises(ValueError):
        assign_pairs([[]] * 8, ALLOWED, ZONES, 1)


def test_rule_3_0_distinct_first_choices_are_all_granted():
    # seven allowed, disjoint pairs: each player puts one first in both lists
    wanted = assign_pairs([[]] * 7, ALLOWED, ZONES, 5)
    zone0, zone1 = (FIRST, SECOND) if ZONES[FIRST[0]] == 0 else (SECOND, FIRST)
    prefs = []
    for a, b in wanted:  # a of zone 0, b of zone 1
        prefs.append([[a] + [p for p in zone0 if p != a], [b] + [p for p in zone1 if p != b]])
    for seed in range(4):
        assert assign_pairs(prefs, ALLOWED, ZONES, seed) == wanted


def test_rule_3_0_a_contested_pair_goes_to_one_and_the_others_still_fit():
    prefs = [[FIRST, SECOND]] * 7  # everyone wants the same
    results = {tuple(assign_pairs(prefs, ALLOWED, ZONES, seed)) for seed in range(8)}
    for pairs in results:
        _check_seating(list(pairs), 7)
    # who gets the best pair depends on the seed's draw, not on joining first
    best = min(ALLOWED, key=lambda p: pair_cost(p, [FIRST, SECOND], 7))
    winners = {pairs.index(tuple(sorted(best, key=ZONES.__getitem__))) for pairs in results}
    assert len(winners) > 1


def test_rule_3_0_cost_counts_places_in_either_list():
    assert pair_cost(("england1", "turkey1"), [FIRST, SECOND], 7) == 0
    assert pair_cost(("italy2", "russia2"), [FIRST, SECOND], 7) == 12
    assert pair_cost(("italy2", "russia2"), [], 7) == 14


def test_rule_3_0_preference_lists_one_per_zone_and_a_misplaced_power_is_kept():
    rules = ruleset_for("rootz")
    assert rules.preference_problem("rootz", [FIRST, SECOND]) is None
    assert rules.preference_problem("rootz", [SECOND, FIRST]) is None
    assert rules.preference_problem("rootz", [FIRST]) is None
    # the rule text's sample, with Italy 1 and Italy 2 each in the other zone's list
    assert rules.preference_problem("rootz", [FIRST[:3] + SECOND[:1], SECOND[1:]]) is None
    assert "at most two" in rules.preference_problem("rootz", [FIRST, SECOND, []])


def test_rule_6_0_judge_adjudicate_answers_a_players_document():
    import json
    import subprocess
    import sys

    players = {"P1": ["france1", "england2"], "P2": ["germany1", "italy2"]}
    docs = [
        fall({"france1": 20, "england2": 8, "germany1": 14, "italy2": 14}, players),
        fall({"france1": 20, "england2": 9, "germany1": 14, "italy2": 14}, players),
        fall({"france1": 18}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate", "-"],
        input=json.dumps(docs),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    draw, win, alone = json.loads(done.stdout)
    assert draw["draw"] == ["P1", "P2"] and "winner" not in draw
    assert win["winner"] == "P1" and "draw" not in win
    assert alone["winner"] == "france1"


def test_rule_5_1_players_change_no_adjudication():
    # Rule 5.1: a player's powers are distinct: France 1 may dislodge England 2 held by
    # the same player, exactly as without players (rule 4.2's support across the cut).
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [
            {"power": "france1", "type": "A", "province": "mar1"},
            {"power": "france1", "type": "F", "province": "lyo2"},
            {"power": "england2", "type": "A", "province": "pie2"},
        ],
        "orders": {
            "france1": ["A Mar1 - Pie2", "F GoL2 S A Mar1 - Pie2"],
            "england2": ["A Pie2 H"],
        },
    }
    plain = adjudicate(dict(doc))
    paired = adjudicate({**doc, "players": {"P1": ["france1", "england2"]}})
    assert paired == plain
    assert [o["result"] for o in plain["orders"]] == ["succeeds", "succeeds", "fails"]
    assert [d["province"] for d in plain["dislodged"]] == ["pie2"]


def test_issue26_the_start_note_signs_on_with_the_readers_own_power():
    variant = load_variant("rootz")
    board = {
        **RootzRuleset().starting_position("rootz"),
        "players": {"italy1+austria2": ["italy1", "austria2"]},
    }
    [note, _] = RootzRuleset().start_notes(board, variant, "austria2")
    assert "as italy1@<game>" in note and "france1" not in note
    assert "(the board digit tells whose unit: F Nap1 - Apu1, A Bud2 - Gal2)" in note


def test_issue26_a_split_pair_is_two_players_each_judged_alone():
    from judge.rules.rootz import targets

    doc = RootzRuleset().seat_position(
        {"players": {"france1+england2": ["france1", "england2"]}},
        [("france1",), ("england2",), ("germany1", "italy2")],
    )
    players = doc["players"]
    assert players == {
        "france1": ["france1"],
        "england2": ["england2"],
        "germany1+italy2": ["germany1", "italy2"],
    }
    need = targets(players, 18)  # rule 7.0's count for a power played alone
    assert need == {"france1": 18, "england2": 18, "germany1+italy2": 28}
    assert decide({"france1": 18, "england2": 10, "germany1+italy2": 27}, need) == ("france1", ())


@pytest.mark.parametrize(
    ("order", "said"),
    [
        (
            "A Mar1 - Pie1",
            "Marseilles 1 and Piedmont 1 are not neighbours, and no fleets are placed to "
            "convoy it there (Marseilles 1 borders Piedmont 2 across the cut, not Piedmont 1",
        ),
        ("F Bre1 - Mao2", "(Brest 1 borders Mid-Atlantic Ocean 1 on its own board"),
    ],
)
def test_rule_4_2_a_refused_move_says_where_the_cut_takes_it(order, said):
    ruleset = RootzRuleset()
    [check] = ruleset.check_orders(ruleset.starting_position("rootz"), "france1", [order])
    assert not check.ok and said in check.message, check.message
