"""Waives by mail: each waive of a mail is its own order, up to the builds owed
(every waive had one key, so the second replaced the first)."""

from __future__ import annotations

import copy

import pytest
from sqlmodel import Session

from judge.game.games import current_orders, find_game
from tests.commands.helpers import address, body_of, deliver, make_mail, migrated_engine, outbox
from tests.test_owed_in_replies import WINTER

SIGNON = "SIGNON Fgame1 paris11\n"


@pytest.fixture
def engine(tmp_path):
    """game1 in Winter 1901: France owns five centres with three units, and Paris and
    Marseilles are free, so it owes two builds."""
    from tests.commands.helpers import add_game

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        doc = copy.deepcopy(WINTER)
        doc["supply_centers"]["france"].append("par")
        game.set_position(doc)
        game.phase = "W1901A"
        session.add(game)
        session.commit()
    yield engine
    engine.dispose()


def _stored(engine) -> list[str]:
    with Session(engine) as session:
        game = find_game(session, "game1")
        return sorted(key.text() for key in current_orders(session, game.id, "W1901A", "france"))


def test_two_waives_on_two_lines_are_two_orders(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\nWaive\n"))
    assert _stored(engine) == ["waive:1", "waive:2"]
    text = body_of(outbox(engine)[-1])
    assert "Adjustments not yet ordered" not in text


def test_a_waive_beyond_the_builds_owed_is_refused(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "Waive, Waive\nWaive\n"))
    assert _stored(engine) == ["waive:1", "waive:2"]
    text = body_of(outbox(engine)[-1])
    assert (
        "*** Refused: Waive: France may build 2: this waive is beyond them and will not count"
        in (text)
    )


def test_a_later_mail_restates_its_waives(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\n"))
    deliver(engine, make_mail(address("france"), SIGNON + "Build A Par\nWaive\n"))
    # The second mail's waive replaces the first mail's: one build and one waive.
    assert _stored(engine) == ["build:par", "waive:1"]


def test_a_waive_of_a_build_without_a_site_is_read_as_a_note(engine):
    """France has more centres than units but no free home centre: the build cannot be
    made, and the waive changes nothing. It was refused with the error flag; njudge
    takes it (st_build.c, buildin: a waive is refused only when the power may build
    none by its centres, and init_build counts a build without a free home centre
    among those it may waive), so it is read, with a note and no flag, and not
    stored (nothing is owed for it to answer)."""
    with Session(engine) as session:
        game = find_game(session, "game1")
        doc = game.position_doc()
        for unit in doc["units"]:
            if unit["power"] == "france" and unit["province"] in ("bel", "por"):
                unit["province"] = {"bel": "par", "por": "mar"}[unit["province"]]
        game.set_position(doc)
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\n"))
    assert _stored(engine) == []
    reply = outbox(engine)[-1]
    text = body_of(reply)
    assert "[Error Flag]" not in reply["Subject"]
    assert "Refused" not in text
    assert (
        "> Waive\n  Waive: nothing to waive: France has nowhere to build now (no free centre"
        " it may build in), and a build that cannot be made is waived without an order"
    ) in text.replace("\r\n", "\n"), text


def test_a_waive_without_a_build_by_count_is_still_refused(engine):
    """Germany has as many units as centres: njudge refuses its waive ("Germany is not
    permitted to build any units", st_build.c), and so does the judge."""
    from tests.commands.helpers import PASSWORDS

    with Session(engine) as session:
        game = find_game(session, "game1")
        doc = game.position_doc()
        doc["units"] = [u for u in doc["units"] if u["province"] != "ruh"]
        game.set_position(doc)
        session.add(game)
        session.commit()
    signon = f"SIGNON Ggame1 {PASSWORDS['germany']}\n"
    deliver(engine, make_mail(address("germany"), signon + "Waive\n"))
    reply = outbox(engine)[-1]
    assert "[Error Flag]" in reply["Subject"]
    assert "*** Refused: Waive: you have as many units as supply centres" in body_of(reply)


def test_a_multiverse_waive_of_a_build_without_a_site_is_read_as_a_note(tmp_path):
    """The same on a winter board of a multiverse world: France owns Spain besides its
    three home centres, each held by its own unit; Italy may build none (refused)."""
    from judge.game.processing import set_game_position
    from judge.rules.registry import ruleset_for_game
    from judge.store.models import MULTIVERSE_RULES
    from tests.commands.helpers import PASSWORDS, add_game

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        doc = ruleset_for_game(game).starting_position("standard", adjacency="loose")
        doc["boards"][0]["phase"] = "W1901A"
        doc["boards"][0]["supply_centers"]["france"].append("spa")
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\n"))
    reply = outbox(engine)[-1]
    assert "[Error Flag]" not in reply["Subject"]
    assert "Waive: nothing to waive: France has nowhere to build now" in body_of(reply)
    signon = f"SIGNON Igame1 {PASSWORDS['italy']}\n"
    deliver(engine, make_mail(address("italy"), signon + "Waive\n"))
    assert "*** Refused: Waive: you have no build to waive" in body_of(outbox(engine)[-1])
    engine.dispose()


@pytest.mark.parametrize(
    "orders",
    ["Build A Mos\nBuild A War\nBuild F Sev\nWaive\n", "Waive\nWaive\nWaive\nWaive\n"],
)
def test_a_waive_of_the_build_that_has_no_free_centre_is_taken(tmp_path, orders):
    """Russia owns five centres with one unit (in St Petersburg): its results said
    "Builds 4 units", and three home centres are free.  Its fourth waive (after three
    builds, or four waives) was refused with the error flag as beyond the three it
    may make; njudge counts the builds by centres (st_build.c, buildin: nu[p], the
    builds by count, with a waive for each, a build beyond a free centre waived), so
    the fourth waive is taken, and a fifth is still beyond them."""
    from tests.commands.helpers import PASSWORDS, add_game

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        doc = game.position_doc()
        doc["phase"] = "W1901A"
        doc["units"] = [u for u in doc["units"] if u["power"] != "russia"]
        doc["units"].append({"power": "russia", "type": "A", "province": "stp"})
        doc["supply_centers"]["russia"] = ["mos", "sev", "war", "stp", "rum"]
        game.set_position(doc)
        game.phase = "W1901A"
        session.add(game)
        session.commit()
    signon = f"SIGNON Rgame1 {PASSWORDS['russia']}\n"
    deliver(engine, make_mail(address("russia"), signon + orders))
    reply = outbox(engine)[-1]
    text = body_of(reply).replace("\r\n", "\n")
    assert "[Error Flag]" not in reply["Subject"], text
    assert "Refused" not in text
    assert "> Waive\n  Accepted: Waive" in text
    assert "Every adjustment is ordered." in text
    deliver(engine, make_mail(address("russia"), signon + orders + "Waive\n"))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    assert "*** Refused: Waive: Russia may build 4: this waive is beyond them" in text
    engine.dispose()


def _multiverse_winter(directory):
    """A multiverse world whose winter board leaves France five centres with three
    units, Marseilles its only free home centre: 2 builds by its centres, 1 it can make."""
    from judge.game.processing import set_game_position
    from judge.rules.registry import ruleset_for_game
    from judge.store.models import MULTIVERSE_RULES
    from tests.commands.helpers import add_game

    engine = migrated_engine(directory)
    with Session(engine) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        doc = ruleset_for_game(game).starting_position("standard", adjacency="loose")
        board = doc["boards"][0]
        board["phase"] = "W1901A"
        board["units"] = [u for u in board["units"] if u["power"] != "france"] + [
            {"power": "france", "type": "A", "province": "par"},
            {"power": "france", "type": "F", "province": "bre"},
            {"power": "france", "type": "A", "province": "bur"},
        ]
        board["supply_centers"]["france"] = ["bre", "mar", "par", "spa", "por"]
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    return engine


@pytest.mark.parametrize(
    ("orders", "refused"),
    [
        ("Waive\nWaive\n", False),
        ("Build A 1:mar:W1901\nWaive\n", False),
        ("Waive\nWaive\nWaive\n", True),
    ],
)
def test_a_multiverse_waive_of_the_build_that_has_no_free_centre_is_taken(
    tmp_path, orders, refused
):
    """The same on a multiverse winter board: France's second waive was refused as
    beyond the one build it may make; a third is beyond the two of its centres."""
    engine = _multiverse_winter(tmp_path)
    deliver(engine, make_mail(address("france"), SIGNON + orders))
    reply = outbox(engine)[-1]
    text = body_of(reply)
    beyond = "*** Refused: Waive: France may build 2: this waive is beyond them"
    assert ("[Error Flag]" in reply["Subject"]) is refused, text
    assert (beyond in text) is refused
    assert text.count("Refused") == int(refused)
    engine.dispose()
