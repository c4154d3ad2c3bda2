"""The Fall results name the builds that cannot be made (njudge's "unusable builds
pending"): an Outer Space empire builds only in owned, colonized, empty centres
(D21), so after a Fall its count line often says "Builds 2 units" while it has
nowhere to build, and the winter is skipped when nobody can adjust.  The results
said "Builds 2 units", then "The next phase ... will be Movement for Spring of
1902", with no word of why.  Played through the real mail path (JOIN, orders by
mail, the Fall processed, the results mail read)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import create_game, find_game
from judge.game.processing import process_phase, set_game_position
from judge.store.models import FORMING
from tests.commands.forming import SENDER, registered
from tests.commands.helpers import NOW, body_of, deliver, make_mail, migrated_engine, outbox

EMPIRES = {"zorg": "Zorg Zorgon Z", "vega": "Vega Vegan V"}


def _fall_results(tmp_path: Path, vega_builds: bool) -> str:
    """Zorg owns Paris (its colony, where its army stands), Brest and Marseilles and
    takes Belgium: 4 centres, 2 armies, nowhere to build.  Vega owns Munich, where
    its army stands, and, when ``vega_builds``, its empty colony Kiel too."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = create_game(session, "space", [], variant="outerspace", status=FORMING)
        game.seats = 2
        session.add(game)
        for code in EMPIRES:
            registered(session, f"{code}@p.test")
        session.commit()
    for code, empire in EMPIRES.items():
        deliver(engine, make_mail(f"{code}@p.test", f"JOIN space pw{code} EMPIRE {empire}"))
    with Session(engine) as session:
        game = find_game(session, "space")
        doc = game.position_doc()
        vega = ["mun", "kie"] if vega_builds else ["mun"]
        doc.update(
            phase="F1901M",
            units=[
                {"power": "zorg", "type": "A", "province": "par"},
                {"power": "zorg", "type": "A", "province": "bur"},
                {"power": "vega", "type": "A", "province": "mun"},
            ],
            colonies={"zorg": ["par"], "vega": ["kie"] if vega_builds else []},
            supply_centers={"zorg": ["par", "bre", "mar"], "vega": vega},
        )
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    deliver(engine, make_mail("zorg@p.test", "SIGNON Zspace pwzorg\nA Bur - Bel\nA Par H"))
    with Session(engine) as session:
        process_phase(session, SENDER, find_game(session, "space"), NOW)
        session.commit()
    [report] = [
        body_of(m)
        for m in outbox(engine)
        if m["To"] == "zorg@p.test" and "F1901M Results" in str(m["Subject"])
    ]
    engine.dispose()
    return " ".join(report.split())


@pytest.mark.parametrize("vega_builds", [False, True])
def test_the_fall_results_name_the_builds_that_cannot_be_made(tmp_path: Path, vega_builds):
    report = _fall_results(tmp_path, vega_builds)
    assert "Zorg: 4 Supply centers, 2 Units: Builds 2 units." in report
    assert "Zorg has 2 unusable builds: no free centre to build in." in report
    assert "Vega has" not in report
    if vega_builds:
        assert "will be Adjustments for Winter of 1901" in report
    else:
        assert "will be Movement for Spring of 1902" in report
        assert "No adjustment phase follows." in report


def test_a_standard_power_with_every_home_centre_occupied_is_told_too(tmp_path: Path):
    """France ends 1901 with Belgium, Spain and Portugal taken by units that began
    on its home centres, new armies back on them: 6 centres, 3 units, no free home
    centre.  Nobody else adjusts, so the winter is skipped, and the results say so."""
    from tests.commands.helpers import PASSWORDS, add_game, address

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        doc = game.position_doc()
        doc["phase"] = "F1901M"
        doc["units"] = [u for u in doc["units"] if u["power"] != "france"] + [
            {"power": "france", "type": "A", "province": "par"},
            {"power": "france", "type": "A", "province": "mar"},
            {"power": "france", "type": "F", "province": "bre"},
        ]
        doc["supply_centers"]["france"] = ["bre", "mar", "par", "bel", "spa", "por"]
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\nA Par H"))
    with Session(engine) as session:
        process_phase(session, SENDER, find_game(session, "game1"), NOW)
        session.commit()
    [report] = [
        " ".join(body_of(m).split())
        for m in outbox(engine)
        if m["To"] == address("france") and "F1901M Results" in str(m["Subject"])
    ]
    assert "France: 6 Supply centers, 3 Units: Builds 3 units." in report
    assert "France has 3 unusable builds: no free centre to build in." in report
    assert "No adjustment phase follows." in report
