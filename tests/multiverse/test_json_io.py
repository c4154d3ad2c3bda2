"""The world form of ``judge adjudicate``."""

from __future__ import annotations

import copy

import pytest

from judge.rules.documents import adjudicate_document
from judge.rules.multiverse.json_io import WorldDocumentError, adjudicate_world_document

STANDARD_KEYS = ("units", "dislodged", "supply_centers", "next_phase", "phase")


def unit(power, kind, province):
    return {"power": power, "type": kind, "province": province}


BOUNCE_STEP = {
    "variant": "standard",
    "rules": {"adjacency": "loose", "seed": 1},
    "boards": [
        {
            "timeline": 1,
            "phase": "S1901M",
            "units": [unit("austria", "A", "boh"), unit("germany", "A", "mun")],
            "supply_centers": {"germany": ["mun"]},
        }
    ],
    "orders": {"germany": ["A Mun - Tyr"], "austria": ["A Boh - Tyr"]},
}


def next_step(answer, orders):
    """The document of the following step, built from an answer."""
    keep = ("variant", "rules", "iteration", "boards", "history", "pending_boards")
    doc = {k: copy.deepcopy(answer[k]) for k in keep if k in answer}
    doc["orders"] = orders
    return doc


def test_worked_example_of_a_fork():
    first = adjudicate_world_document(copy.deepcopy(BOUNCE_STEP))
    assert [o["result"] for o in first["orders"] if o["judged"] == "new"] == ["fails", "fails"]
    second = adjudicate_world_document(
        next_step(
            first,
            {
                "germany": ["A 1:mun:F1901 S A 1:mun:S1901 - 1:tyr:S1901"],
                "austria": ["A boh H"],
            },
        )
    )
    rejudged = {o["order"]: o["result"] for o in second["orders"] if o["judged"] == "rejudged"}
    assert rejudged == {
        "A 1:mun:S1901 - 1:tyr:S1901": "succeeds",
        "A 1:boh:S1901 - 1:tyr:S1901": "fails",
    }
    assert second["new_timelines"] == [
        {"timeline": 2, "forked_from": {"timeline": 1, "phase": "S1901M"}}
    ]
    boards = {(b["timeline"], b["phase"]): b for b in second["boards"]}
    assert boards[(1, "S1901M")]["child_timelines"] == [2]
    assert {u["province"] for u in boards[(2, "F1901M")]["units"]} == {"boh", "tyr"}
    assert {u["province"] for u in boards[(1, "W1901A")]["units"]} == {"boh", "mun"}
    history = {h["order"]: h["result"] for h in second["history"]}
    assert history["A 1:mun:S1901 - 1:tyr:S1901"] == "succeeds"


def test_the_answer_can_be_fed_back_as_the_next_document():
    first = adjudicate_world_document(copy.deepcopy(BOUNCE_STEP))
    second = adjudicate_world_document(next_step(first, {}))
    third = adjudicate_world_document(next_step(second, {}))
    assert third["iteration"] == 3
    assert [b["phase"] for b in third["boards"]][-1] == "S1902M"


MOVEMENT_DOC = {
    "variant": "standard",
    "phase": "S1901M",
    "units": [
        unit("italy", "A", "ven"),
        unit("italy", "A", "pie"),
        unit("austria", "A", "tyr"),
        unit("germany", "A", "mun"),
    ],
    "supply_centers": {"italy": ["ven", "rom"], "austria": ["vie"], "germany": ["mun"]},
    "orders": {
        "italy": ["A Ven - Tyr", "A Pie S A Ven - Tyr"],
        "austria": ["A Tyr H"],
        "germany": ["A Mun - Ber"],
    },
}

WINTER_DOC = {
    "variant": "standard",
    "phase": "W1901A",
    "units": [unit("germany", "A", "hol")],
    "supply_centers": {"germany": ["ber", "kie", "hol"]},
    "orders": {"germany": ["Build A Berlin", "Build F Kiel", "Build A Munich"]},
}


@pytest.mark.parametrize("doc", [MOVEMENT_DOC, WINTER_DOC], ids=["movement", "winter"])
def test_a_one_board_world_without_rules_answers_like_the_standard_document(doc):
    standard = adjudicate_document(copy.deepcopy(doc))
    board = {"timeline": 1, **{k: doc[k] for k in ("phase", "units", "supply_centers")}}
    world = adjudicate_world_document(
        {"variant": "standard", "boards": [board], "orders": doc["orders"]}
    )
    for key in STANDARD_KEYS:
        got, want = world[key], standard[key]
        if key == "dislodged":
            got = [{k: v for k, v in d.items() if k != "attacker_from"} for d in got]
            want = [{k: v for k, v in d.items() if k != "attacker_from"} for d in want]
        assert got == want, key
    results = [(o["text"], o["result"]) for o in world["orders"] if o["judged"] == "new"]
    assert results == [(o["text"], o["result"]) for o in standard["orders"]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": {"adjacency": "diagonal"}}, "adjacency"),
        ({"boards": []}, "non-empty"),
        ({"boards": [{"timeline": 1, "phase": "X1901"}]}, "phase"),
        ({"orders": {"atlantis": ["A Par H"]}}, "unknown power"),
    ],
)
def test_bad_documents_are_refused_with_a_message(change, message):
    doc = {**copy.deepcopy(BOUNCE_STEP), **change}
    with pytest.raises(WorldDocumentError, match=message):
        adjudicate_world_document(doc)


def test_orders_that_cannot_be_read_come_back_invalid():
    doc = copy.deepcopy(BOUNCE_STEP)
    doc["orders"] = {"germany": ["A Mun - Atlantis"]}
    answer = adjudicate_world_document(doc)
    (entry,) = [o for o in answer["orders"] if o["judged"] == "new"]
    assert entry["result"] == "invalid" and "not a province" in entry["reason"]


def test_stored_invalid_orders_are_read_back_as_written():
    doc = {
        "variant": "standard",
        "boards": [
            {"timeline": 1, "phase": "S1901M", "units": [unit("france", "F", "bre")]},
        ],
        "rules": {},
        "orders": {"france": ["F bre - spa"]},
    }
    first = adjudicate_world_document(doc)
    (entry,) = [o for o in first["orders"] if o["judged"] == "new"]
    assert entry["result"] == "invalid"
    stored = [h for h in first["history"] if h["power"] == "france"]
    assert stored == [
        {
            "power": "france",
            "order": "F 1:bre:S1901 - 1:spa:S1901",
            "kind": "movement",
            "result": "invalid",
            "reason": "Brest and Spain are not neighbours",
            "auto": False,
            "turn": 0,
        }
    ]
    second = adjudicate_world_document(next_step(first, {}))
    assert second["history"][0] == stored[0]


def test_a_fleet_built_on_a_coast_is_read_back_from_the_next_document():
    """A fleet built in St Petersburg's north coast is marked built at ``stp/nc``; the
    next document (a game's stored world) carries that location and must read it.
    Found playing a multiverse game by mail: after ``Build F StP/nc`` on a winter
    board every later mail of the game crashed (*unknown province in built*)."""
    winter = {
        "variant": "standard",
        "rules": {"adjacency": "loose", "seed": 1},
        "boards": [
            {
                "timeline": 1,
                "phase": "W1901A",
                "units": [unit("russia", "A", "war")],
                "supply_centers": {"russia": ["stp", "war", "mos"]},
            }
        ],
        "orders": {"russia": ["build F stp/nc"]},
    }
    answer = adjudicate_world_document(winter)
    spring = next(b for b in answer["boards"] if b["phase"] == "S1902M")
    assert spring["built"] == ["stp/nc"]
    again = adjudicate_world_document(next_step(answer, {"russia": ["F stp/nc - bar"]}))
    assert [o["result"] for o in again["orders"] if o["text"] == "F stp/nc - bar"] == ["succeeds"]
