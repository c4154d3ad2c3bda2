"""A winter board's builds are made with the movement of the other boards even when a
dislodgement there pauses the world for retreats (docs/multiverse.md, "One processed
turn", steps 4 and 5).  The results of that turn must not ask for the winter's
adjustments again, nor call the next step anything but the retreats; the results of
the retreat turn must not report them unused: the winter's board was adjusted once,
by the orders given for it."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import find_game
from judge.game.processing import process_phase, set_game_position
from judge.store.models import MULTIVERSE_RULES
from tests.commands.forming import SENDER
from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

# Timeline 1 waits for its winter (Germany may build 2: Berlin and Kiel are free);
# on timeline 2 Germany dislodges Austria's army in Vienna.
WORLD = {
    "variant": "standard",
    "rules": {"adjacency": "loose", "seed": 0},
    "boards": [
        {
            "timeline": 1,
            "phase": "W1901A",
            "units": [
                {"power": "germany", "type": "A", "province": "mun"},
                {"power": "germany", "type": "F", "province": "den"},
                {"power": "austria", "type": "A", "province": "vie"},
            ],
            "supply_centers": {"germany": ["ber", "kie", "mun", "den"], "austria": ["vie"]},
        },
        {
            "timeline": 2,
            "phase": "F1901M",
            "units": [
                {"power": "germany", "type": "A", "province": "boh"},
                {"power": "germany", "type": "A", "province": "tyr"},
                {"power": "austria", "type": "A", "province": "vie"},
            ],
            "supply_centers": {"germany": ["ber", "kie", "mun"], "austria": ["vie"]},
        },
    ],
    "history": [],
}


def _send(engine, power: str, lines: str) -> None:
    signon = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n"
    deliver(engine, make_mail(address(power), signon + lines))


def _process(engine) -> str:
    """Process the game's phase; Germany's results mail."""
    before = last_outbox_id(engine)
    with Session(engine, expire_on_commit=False) as session:
        game = find_game(session, "game1")
        process_phase(session, SENDER, game, NOW)
        session.commit()
    mail = next(m for m in outbox(engine, before) if m["To"] == address("germany"))
    return body_of(mail).replace("\r\n", "\n")


def test_winter_adjustments_made_before_a_retreat_pause_are_neither_owed_again_nor_unused(
    tmp_path,
):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules = MULTIVERSE_RULES
        game.adjacency = "loose"
        set_game_position(game, WORLD)
        session.add(game)
        session.commit()
    _send(engine, "germany", "build A 1:ber:W1901\nA 2:boh - 2:vie\nA 2:tyr S A 2:boh - 2:vie\n")
    movement = _process(engine)
    assert "Germany: Builds an army in Berlin.\nGermany: 1 build not used." in movement
    assert "The Austrian Army in Vienna" in movement
    assert "Adjustments to order on" not in movement  # made already: nothing to order
    # the next step is the retreat, every board waiting for it
    assert "  Timeline 1, Winter of 1901 (waits for the retreats)" in movement
    assert "will be Retreats of the dislodged units (every board waits for them)." in movement
    # the board waiting for the retreat shows its units once its moves are done, as a
    # standard retreat phase does: Germany in Vienna, Austria's army only as dislodged
    block = movement.split("Board 2:F1901 (Timeline 2, Fall of 1901; retreats to order):")[1]
    block = block.split("Supply centre ownership:")[0]
    assert "Unit positions:\nGermany: A 2:tyr:F1901, A 2:vie:F1901.\n" in block
    assert "Austria: A 2:vie:F1901 can retreat to" in block

    # LIST shows that board so too
    before = last_outbox_id(engine)
    deliver(engine, make_mail(address("germany"), "LIST game1\n"))
    listed = body_of(outbox(engine, before)[-1]).replace("\r\n", "\n")
    board = listed.split("Board 2:F1901")[1].split("Unique supply")[0]
    assert "units: A 2:tyr:F1901, A 2:vie:F1901" in board
    assert "Dislodged: austria A 2:vie:F1901" in board

    _send(engine, "austria", "A 2:vie - 2:gal\n")
    retreats = _process(engine)
    assert "Austria: Army Vienna -> Galicia." in retreats
    # a retreat turn: its results are the retreats, no unit "without an order"
    assert "Retreat results for Timeline 2, Fall of 1901." in retreats
    assert "Movement results" not in retreats and "No Order Processed" not in retreats
    assert "Adjustment results" not in retreats  # the winter was reported last turn
    assert "not used" not in retreats
    with Session(engine) as session:
        world = find_game(session, "game1").position_doc()
    spring = next(b for b in world["boards"] if (b["timeline"], b["phase"]) == (1, "S1902M"))
    assert {"power": "germany", "type": "A", "province": "ber"} in spring["units"]
    engine.dispose()
