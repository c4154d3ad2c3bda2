"""process_phase on multiverse games: orders by mail through the order rules, a move
into the past that forks a new timeline, the report naming the fork, victory."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from judge.game.processing import (
    orders_missing,
    owing_powers,
    process_phase,
    set_game_position,
    starting_document,
)
from judge.rules.multiverse.ruleset import world_phase
from judge.store.models import FINISHED, MULTIVERSE_RULES, Game, GameReport, Order
from tests.turns.conftest import (
    MASTER,
    NOW,
    SENDER,
    give,
    near_victory_centres,
    new_game,
    outbox,
    text_of,
)


def _multiverse_game(session: Session, doc: dict[str, Any] | None = None):
    game = new_game(session, "fivedee")
    game.rules = MULTIVERSE_RULES
    game.adjacency = "loose"
    set_game_position(game, doc or starting_document("standard", MULTIVERSE_RULES, "loose", 7))
    session.flush()
    return game


def test_starting_world_and_its_phase(session: Session) -> None:
    game = _multiverse_game(session)
    doc = game.position_doc()
    assert doc["rules"] == {"adjacency": "loose", "seed": 7}
    assert [b["phase"] for b in doc["boards"]] == ["S1901M"]
    assert "orders" not in doc
    assert game.phase == "S1901M"
    assert len(owing_powers(game)) == 7


def test_orders_by_mail_are_stored_in_triple_notation(session: Session) -> None:
    game = _multiverse_game(session)
    checks = give(session, game, "germany", "A Mun - Tyr", "A Vie - Tyr", "F Kie - Den")
    assert [c.ok for c in checks] == [True, False, True]
    assert "is not yours (it is Austrian)" in (checks[1].message or "")
    stored = session.exec(select(Order).where(Order.power == "germany")).all()
    assert [(o.unit_key, o.canonical) for o in stored] == [
        ("1:mun:S1901", "A 1:mun:S1901 - 1:tyr:S1901"),
        ("1:kie:S1901", "F 1:kie:S1901 - 1:den:S1901"),
    ]
    missing = orders_missing(session, game)
    assert missing["germany"] == ["A 1:ber:S1901"]
    assert missing["austria"] == ["A 1:bud:S1901", "F 1:tri:S1901", "A 1:vie:S1901"]
    # a later order for the same unit replaces the earlier one
    give(session, game, "germany", "A Mun H")
    outcome = process_phase(session, SENDER, game, NOW)
    germans = [o for o in outcome.answer["orders"] if o["power"] == "germany"]
    assert {o["order"] for o in germans if o["judged"] == "new"} == {
        "A 1:mun:S1901 H",
        "F 1:kie:S1901 - 1:den:S1901",
    }


def test_a_move_into_the_past_forks_a_timeline(session: Session) -> None:
    game = _multiverse_game(session)
    give(session, game, "germany", "A Mun - Tyr")
    give(session, game, "austria", "A Vie - Tyr")
    first = process_phase(session, SENDER, game, NOW)
    assert (first.phase, first.next_phase, game.number) == ("S1901M", "F1901M", 1)
    assert game.position_doc()["iteration"] == 1

    # the German army in Munich supports its own spring move, one board back in time
    checks = give(session, game, "germany", "A Mun S A 1:mun:S1901 - 1:tyr:S1901")
    assert checks[0].ok, checks[0].message
    second = process_phase(session, SENDER, game, NOW)
    assert second.answer["new_timelines"] == [
        {"timeline": 2, "forked_from": {"timeline": 1, "phase": "S1901M"}}
    ]
    doc = game.position_doc()
    heads = sorted((b["timeline"], b["phase"]) for b in doc["boards"])
    assert (2, "F1901M") in heads and (1, "W1901A") in heads
    # the latest active board is a winter board, but timeline 2 still moves
    assert game.phase == "W1901M" == world_phase(doc)
    assert game.number == 2
    tyrol = [
        u
        for b in doc["boards"]
        if (b["timeline"], b["phase"]) == (2, "F1901M")
        for u in b["units"]
        if u["province"] == "tyr"
    ]
    assert tyrol == [{"power": "germany", "type": "A", "province": "tyr"}]

    report = session.exec(select(GameReport).where(GameReport.number == 2)).one()
    assert report.phase == "F1901M"
    assert "New timeline 2, forked from Timeline 1, Spring of 1901." in report.text
    master_mail = [m for m in outbox(session) if m["To"] == MASTER][-1]
    assert "New timeline 2" in text_of(master_mail)

    # orders now name boards of both timelines; units on both are owed
    missing = orders_missing(session, game)
    assert "A 2:tyr:F1901" in missing["germany"]
    assert "A 1:mun:F1901" not in missing["germany"]

    # the report of the W1901M step is named by that code, as the game and PROCESS name it
    process_phase(session, SENDER, game, NOW)
    third = session.exec(select(GameReport).where(GameReport.number == 3)).one()
    assert third.phase == "W1901M"
    assert third.subject.endswith(":fivedee - W1901M Results")
    assert ":: Deadline: W1901M " in third.text


def test_retreat_pause_is_an_r_phase(session: Session) -> None:
    game = _multiverse_game(session)
    give(session, game, "germany", "A Mun - Boh")
    give(session, game, "italy", "A Ven - Tyr")
    process_phase(session, SENDER, game, NOW)
    give(session, game, "germany", "A Boh - Vie")
    give(session, game, "italy", "A Tyr S A Boh - Vie")
    outcome = process_phase(session, SENDER, game, NOW)
    assert outcome.answer["retreats_pending"] is True
    assert game.phase == "F1901R"
    assert owing_powers(game) == {"austria"}
    assert orders_missing(session, game) == {"austria": ["A 1:vie:F1901"]}
    checks = give(session, game, "austria", "A Vie - Gal")
    assert checks[0].ok and checks[0].canonical == "A 1:vie:F1901 - 1:gal:F1901"
    assert orders_missing(session, game) == {}
    process_phase(session, SENDER, game, NOW)
    assert game.phase == "W1901A" and game.number == 3
    winter = [b for b in game.position_doc()["boards"] if b["phase"] == "W1901A"][0]
    assert {"power": "austria", "type": "A", "province": "gal"} in winter["units"]
    # Germany took Vienna: one build owed; Austria lost it: one removal
    missing = orders_missing(session, game)
    assert missing["germany"] == ["1 build on timeline 1, W1901"]
    assert missing["austria"] == ["1 removal on timeline 1, W1901"]


def test_victory_ends_a_multiverse_game(session: Session) -> None:
    centres = near_victory_centres()
    board = {
        "timeline": 1,
        "phase": "F1905M",
        "units": [
            {"power": "france", "type": "A", "province": "tyr"},
            {"power": "france", "type": "A", "province": "pie"},
            {"power": "italy", "type": "A", "province": "rom"},
        ],
        "supply_centers": centres,
        "child_timelines": [],
    }
    world = {"variant": "standard", "rules": {"adjacency": "loose", "seed": 0}, "boards": [board]}
    game = _multiverse_game(session, world)
    assert game.phase == "F1905M"
    give(session, game, "france", "A Pie - Ven", "A Tyr S A Pie - Ven")
    outcome = process_phase(session, SENDER, game, NOW)
    assert outcome.winner == "france"
    assert game.status == FINISHED and game.outcome == "Victory of France"
    assert game.deadline is None
    report = session.exec(select(GameReport)).one()
    assert "The game is over: victory of France." in report.text


def test_orders_by_mail_through_mail_processing(tmp_path) -> None:
    """A signed-on player's order mail to a multiverse game, on a migrated SQLite file."""
    from sqlmodel import Session as DbSession

    from tests.commands.helpers import (
        PASSWORDS,
        add_game,
        body_of,
        deliver,
        make_mail,
        migrated_engine,
    )
    from tests.commands.helpers import address as player
    from tests.commands.helpers import outbox as sent

    engine = migrated_engine(tmp_path)
    with DbSession(engine, expire_on_commit=False) as session:
        game = add_game(session, "worlds")
        game.rules = MULTIVERSE_RULES
        set_game_position(game, starting_document("standard", MULTIVERSE_RULES, "strict", 3))
        session.add(game)
        session.commit()
    mail = f"SIGNON Gworlds {PASSWORDS['germany']}\nA Mun - Tyr, A Ber - Mun\nF Kie - Nowhere\n"
    deliver(engine, make_mail(player("germany"), mail))
    reply = body_of(sent(engine)[-1])
    assert "Accepted: A 1:mun:S1901 - 1:tyr:S1901" in reply
    assert "Accepted: A 1:ber:S1901 - 1:mun:S1901" in reply
    assert "F Kie - Nowhere" in reply
    assert "Units without orders: F 1:kie:S1901" in reply
    with DbSession(engine, expire_on_commit=False) as session:
        game = session.exec(select(Game).where(Game.name == "worlds")).one()
        outcome = process_phase(session, SENDER, game, NOW)
        session.commit()
        results = {o["order"]: o["result"] for o in outcome.answer["orders"]}
        assert results["A 1:mun:S1901 - 1:tyr:S1901"] == "succeeds"
        assert results["A 1:ber:S1901 - 1:mun:S1901"] == "succeeds"
        assert game.phase == "F1901M"


def _winter_with_austria_one_unit_over(session: Session) -> Game:
    """A world in W1901A: Germany took Vienna and builds, Austria must remove a unit."""
    game = _multiverse_game(session)
    give(session, game, "germany", "A Mun - Boh")
    give(session, game, "italy", "A Ven - Tyr")
    process_phase(session, SENDER, game, NOW)
    give(session, game, "germany", "A Boh - Vie")
    give(session, game, "italy", "A Tyr S A Boh - Vie")
    process_phase(session, SENDER, game, NOW)
    give(session, game, "austria", "A Vie - Gal")
    process_phase(session, SENDER, game, NOW)
    return game


def test_winter_builds_and_removals_in_a_world(session: Session) -> None:
    game = _winter_with_austria_one_unit_over(session)
    assert game.phase == "W1901A"
    checks = give(session, game, "germany", "Build A Mun")
    assert checks[0].ok and checks[0].canonical == "build A 1:mun:W1901"
    assert "germany" not in orders_missing(session, game)
    # Austria orders no removal: one of its units is removed at random (seeded)
    outcome = process_phase(session, SENDER, game, NOW)
    assert game.phase == "S1902M"
    spring = [b for b in game.position_doc()["boards"] if b["phase"] == "S1902M"][0]
    assert {"power": "germany", "type": "A", "province": "mun"} in spring["units"]
    austrian = [u for u in spring["units"] if u["power"] == "austria"]
    assert len(austrian) == 2
    removed = [o for o in outcome.answer["orders"] if o["judged"] == "automatic"]
    assert [o["power"] for o in removed] == ["austria"]


def test_phase_codes_are_unique_over_a_random_game(session: Session) -> None:
    """Random orders (time travel included) given by mail for many turns: every
    processed turn has its own phase code, whose letter says the kind of step."""
    import random

    from judge.rules.multiverse.basemap import base_map_for
    from judge.rules.multiverse.json_io import read_world
    from judge.rules.multiverse.order_text import format_order, world_types
    from judge.rules.multiverse.random_orders import random_orders

    game = _multiverse_game(session)
    base = base_map_for("standard")
    rng = random.Random(5)
    seen: list[str] = []
    forks = 0
    for _ in range(11):
        world = read_world(base, game.position_doc())
        types = world_types(world)
        by_power: dict[str, list[str]] = {}
        for power, order in random_orders(world, base, rng, travel=0.4):
            by_power.setdefault(power, []).append(format_order(order, types))
        for power, lines in by_power.items():
            give(session, game, power, *lines)
        seen.append(game.phase)
        kind = game.phase[-1]
        assert (kind == "R") == world.needs_retreats()
        outcome = process_phase(session, SENDER, game, NOW)
        forks += len(outcome.answer["new_timelines"])
    assert len(set(seen)) == len(seen), seen
    assert forks > 0, seen  # the game did travel in time
    assert any(code.endswith("R") for code in seen), seen


def test_winter_report_lists_only_the_real_removals(session: Session) -> None:
    # Units kept through the winter are not "removed": only Austria's seeded removal is.
    game = _winter_with_austria_one_unit_over(session)
    give(session, game, "germany", "Build A Mun")
    outcome = process_phase(session, SENDER, game, NOW)
    session.commit()
    assert [o["power"] for o in outcome.answer["orders"] if o["judged"] == "automatic"] == [
        "austria"
    ]
    report = next(
        text_of(m) for m in outbox(session) if m["To"] == MASTER and "W1901A" in m["Subject"]
    )
    winter = report.split("Adjustment results for Timeline 1, Winter of 1901.")[1]
    winter = winter.split("\n\n\n")[0]
    removals = [line for line in winter.splitlines() if "remov" in line.lower()]
    assert len(removals) == 1 and removals[0].startswith("Austria: Defaults, removing the"), winter
    assert "Germany: Builds an army in Munich." in winter


def test_a_winter_boards_builds_show_while_retreats_elsewhere_hold_the_world(
    session: Session,
) -> None:
    """A turn that makes a winter board's builds while a unit of another timeline is
    dislodged pauses the world for the retreat, so the winter board's next board,
    which would hold the new units, is not made yet.  The results listed the builds,
    but the winter board's position showed its units without them and called the
    board "active" while the active boards said it waits for the retreats (found by
    a game by mail).  The position shows the units once the builds are made, and
    says the board waits."""
    game = _multiverse_game(session)
    give(session, game, "germany", "A Mun - Tyr", "F Kie - Den")
    give(session, game, "austria", "A Vie - Tyr")
    process_phase(session, SENDER, game, NOW)
    give(session, game, "germany", "A Mun S A 1:mun:S1901 - 1:tyr:S1901")
    process_phase(session, SENDER, game, NOW)  # timeline 2 forks; timeline 1 at W1901
    give(session, game, "germany", "build F 1:kie:W1901", "A 2:tyr:F1901 - 2:ven:F1901")
    give(session, game, "austria", "F 2:tri:F1901 S A 2:tyr:F1901 - 2:ven:F1901")
    outcome = process_phase(session, SENDER, game, NOW)
    assert outcome.answer["retreats_pending"] is True
    report = session.exec(select(GameReport).where(GameReport.number == 3)).one()
    assert "Germany: Builds a fleet in Kiel." in report.text
    winter = report.text.split("Board 1:W1901 (Timeline 1, Winter of 1901; ")[1]
    note, units = winter.split("):", 1)
    assert note == "waits for the retreats"
    german = units.split("Germany:")[1].split("\n")[0]
    assert "F 1:kie:W1901" in german and "F 1:den:W1901" in german
