"""Players' records give how their finished games came out: won, drawn, survived or
eliminated, counted and named by game.  A record said only "2 finished": nothing of
a victory, a draw or a concession (njudge's own record keeps no results either;
the other judges' player pages give them: /work/shared/research/judges-compared.md).
Each result is kept on the power's seat when the game ends (judge.game.results)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlmodel import Session, select

from judge.game.end import end_game
from judge.game.games import Seat, create_game, find_game
from judge.game.processing import rollback_to
from judge.mail.outgoing import Author
from judge.rules.base import Step
from judge.rules.rootz import RootzRuleset
from judge.store.models import DRAWN, ELIMINATED, SURVIVED, WON, Player
from tests.commands.helpers import (
    JUDGE,
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)
from tests.commands.test_finished_phase import won_game

AUTHOR = Author("Test Judge", JUDGE)


def _record_of(engine, who: str, asker: str = "reader@players.test") -> str:  # type: ignore[no-untyped-def]
    deliver(engine, make_mail(asker, f"INFO PLAYER {who}\n"), now=NOW + timedelta(hours=5))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def _vote(engine, game: str, vote: str, powers=PASSWORDS) -> None:  # type: ignore[no-untyped-def]
    for power in powers:
        signon = f"SIGNON {power[0].upper()}{game} {PASSWORDS[power]}\n"
        deliver(engine, make_mail(address(power), signon + vote + "\n"))


def _results(engine, game: str) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    with Session(engine) as session:
        found = find_game(session, game)
        assert found is not None
        seats = session.exec(select(Player).where(Player.game_id == found.id))
        return {seat.power: seat.result for seat in seats}


def test_a_win_and_a_draw_are_in_the_record_by_game(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    won_game(engine, "won")  # France takes her eighteenth centre
    with Session(engine) as session:
        add_game(session, "drawn")
    _vote(engine, "drawn", "SET DRAW")  # a DIAS draw by mail
    france = _record_of(engine, address("france"))
    assert "Games: 2 played, 2 finished, 0 resigned" in france
    assert "Results: 1 won, 1 drawn, 0 survived, 0 eliminated." in france
    assert "Finished: drawn (France, drawn), won (France, won)." in france
    won = _results(engine, "won")
    assert won["france"] == WON and {won["austria"], won["germany"]} <= {SURVIVED, ELIMINATED}
    assert set(_results(engine, "drawn").values()) == {DRAWN}


def test_a_concession_is_won_by_the_largest_power_and_survived_by_the_others(
    tmp_path: Path,
) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)  # Russia, with four centres, is the largest power
    _vote(engine, "game1", "SET CONCEDE Russia", [p for p in PASSWORDS if p != "russia"])
    assert _results(engine, "game1") == {p: WON if p == "russia" else SURVIVED for p in PASSWORDS}
    assert "Results: 1 won, 0 drawn" in _record_of(engine, address("russia"))
    assert "Results: 0 won, 0 drawn, 1 survived, 0 eliminated." in _record_of(
        engine, address("turkey")
    )


def test_a_draw_by_name_leaves_out_the_powers_it_does_not_name(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.dias = False
        session.add(game)
        session.commit()
    _vote(engine, "game1", "SET DRAW EFR")
    results = _results(engine, "game1")
    assert {p for p, r in results.items() if r == DRAWN} == {"england", "france", "russia"}
    assert results["germany"] == SURVIVED
    assert "Finished: game1 (Germany, survived)." in _record_of(engine, address("germany"))


def test_the_masters_end_leaves_every_power_surviving_and_a_resignation_is_no_result(
    tmp_path: Path,
) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(address("italy"), f"SIGNON Igame1 {PASSWORDS['italy']}\nRESIGN\n"))
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None
        end_game(session, AUTHOR, game, "The game master ended the game.", NOW)  # TERMINATE's
        session.commit()
    assert set(_results(engine, "game1").values()) == {SURVIVED}
    italy = _record_of(engine, address("italy"))
    assert "Games: 1 played, 0 finished, 1 resigned" in italy
    assert "Results: 0 won, 0 drawn, 0 survived, 0 eliminated." in italy
    assert "Finished:" not in italy


def test_a_rollback_of_a_won_game_takes_its_results_back(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    won_game(engine)
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None
        rollback_to(session, AUTHOR, game, "F1905R", NOW + timedelta(hours=3))
        session.commit()
    assert set(_results(engine, "game1").values()) == {None}
    france = _record_of(engine, address("france"))
    assert "0 finished" in france and "Results: 0 won" in france and "Finished:" not in france


def test_a_private_games_result_is_counted_but_not_named_to_a_stranger(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.unlisted = True
        session.add(game)
        session.commit()
    _vote(engine, "game1", "SET DRAW")
    stranger = _record_of(engine, address("france"))
    assert "Results: 0 won, 1 drawn" in stranger and "Finished:" not in stranger
    insider = _record_of(engine, address("france"), asker=address("england"))
    assert "Finished: game1 (France, drawn)." in insider


def test_a_root_z_pair_draws_once_with_both_its_powers(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    pairs = {"ada": ["france1", "england2"], "bob": ["germany1", "italy2"]}
    units = {"france1": "par1", "england2": "lon2", "germany1": "mun1", "italy2": "ven2"}
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [{"power": p, "type": "A", "province": loc} for p, loc in units.items()],
        "dislodged": [],
        "contested": [],
        "supply_centers": {},
        "players": {"+".join(pair): pair for pair in pairs.values()},
    }
    seats = [Seat(p, f"{who}@players.test", "pw") for who, pair in pairs.items() for p in pair]
    with Session(engine) as session:
        create_game(session, "rz", seats, variant="rootz", position=doc)
        session.commit()
    for who in pairs:
        deliver(engine, make_mail(f"{who}@players.test", "SIGNON rz pw\nSET DRAW\n"))
    ada = _record_of(engine, "ada@players.test")
    assert "Games: 1 played, 1 finished" in ada
    assert "Results: 0 won, 1 drawn, 0 survived, 0 eliminated." in ada
    assert "Finished: rz (France 1 + England 2, drawn)." in ada


def test_a_root_z_winner_or_draw_side_stands_for_both_powers_of_its_player() -> None:
    players = {
        "france1+england2": ["france1", "england2"],
        "germany1+italy2": ["germany1", "italy2"],
    }
    before = {"players": players}
    won = Step(before, {}, {}, "F1910R", "france1+england2")
    assert RootzRuleset().ending_sides(won) == (frozenset({"france1", "england2"}), frozenset())
    drawn = Step(before, {}, {}, "F1910R", None, ("france1+england2", "germany1+italy2"))
    assert RootzRuleset().ending_sides(drawn) == (frozenset(), frozenset(sum(players.values(), [])))
    single = Step({}, {}, {}, "F1910R", "austria1")  # the 14-player game: one power a player
    assert RootzRuleset().ending_sides(single) == (frozenset({"austria1"}), frozenset())
