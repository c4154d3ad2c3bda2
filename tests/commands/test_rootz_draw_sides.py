"""A Root Z draw is announced between the players, each with the powers they hold
(rule 6.0: a player's two powers are one side), not as a list of every surviving
power; a player is named by their registered name unless the game is anonymous
(never by address, as on the web page).  njudge's draw.c names the powers of a
draw: in a game of one power a player it still does."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import Seat, create_game
from judge.store.models import ACTIVE
from judge.variant.data import load_variant
from tests.commands.helpers import NOW, body_of, deliver, make_mail, migrated_engine, outbox

PAIRS = {
    "ada": ["france1", "england2"],
    "bob": ["germany1", "italy2"],
    "cy": ["austria1", "russia2"],
}  # Russia 2 is out
COUNTS = {"france1": 5, "england2": 4, "germany1": 6, "italy2": 2, "austria1": 3}


def _game(directory: Path, anonymous: bool):  # type: ignore[no-untyped-def]
    """A Root Z game of three players in S1902M, its engine."""
    engine = migrated_engine(directory)
    centres = iter(sorted(load_variant("rootz").supply_centers))
    doc = {
        "variant": "rootz",
        "phase": "S1902M",
        "units": [],
        "dislodged": [],
        "contested": [],
        "supply_centers": {p: [next(centres) for _ in range(n)] for p, n in COUNTS.items()},
        "players": {"+".join(pair): pair for pair in PAIRS.values()},
    }
    seats = [
        Seat(p, f"{who}@players.test", "pw", who.title())
        for who, pair in PAIRS.items()
        for p in pair
    ]
    with Session(engine) as session:
        game = create_game(
            session, "rz", seats, variant="rootz", position=doc, status=ACTIVE,
            deadline=NOW + timedelta(hours=48),
        )  # fmt: skip
        game.anonymous = anonymous
        session.add(game)
        session.commit()
    return engine


def _draw(directory: Path, anonymous: bool) -> str:
    """The outcome mailed when every player of a Root Z game has voted a DIAS draw."""
    engine = _game(directory, anonymous)
    for who in PAIRS:
        deliver(engine, make_mail(f"{who}@players.test", "SIGNON rz pw\nSET DRAW\n"))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


@pytest.mark.parametrize(
    ("anonymous", "sides"),
    [
        (False, "Cy (Austria 1), Ada (France 1 + England 2) and Bob (Germany 1 + Italy 2)."),
        (True, "Austria 1, France 1 + England 2 and Germany 1 + Italy 2."),
    ],
)
def test_a_rootz_draw_names_the_players_sides(tmp_path: Path, anonymous: bool, sides: str) -> None:
    text = _draw(tmp_path, anonymous)
    assert f"Game 'rz' has been declared a draw between {sides}" in " ".join(text.split())
    assert "@players.test" not in text.split("Supply centres")[0]


def test_a_rootz_concession_names_the_winning_player(tmp_path: Path) -> None:
    engine = _game(tmp_path, anonymous=False)
    for who in ("bob", "cy"):
        deliver(engine, make_mail(f"{who}@players.test", "SIGNON rz pw\nSET CONCEDE\n"))
    text = " ".join(body_of(outbox(engine)[-1]).split())
    assert "Ada (France 1 + England 2) wins: every other surviving player conceded." in text


def test_a_rootz_draw_subject_tells_who_drew(tmp_path: Path) -> None:
    """The subject read 'Draw Declared: AEFGIRTAEFGIRT' (every initial twice, found by
    matching power names in the outcome's text: 'France 1' in 'France 12' too); it
    names the drawn powers, each as it alone is written (France 1 is F1)."""
    engine = _game(tmp_path, anonymous=True)
    for who in PAIRS:
        deliver(engine, make_mail(f"{who}@players.test", "SIGNON rz pw\nSET DRAW\n"))
    subjects = {str(m["Subject"]) for m in outbox(engine) if "Draw" in str(m["Subject"])}
    assert subjects == {"JUDGE:rz - S1902M Draw Declared: A1, F1, G1, E2, I2"}, subjects


def test_a_draw_of_powers_with_their_own_initials_keeps_njudges_subject() -> None:
    from judge.game.votes import draw_tag
    from judge.store.models import Game

    game = Game(name="g", variant="standard")
    assert draw_tag(game, {"russia", "england", "france"}) == "EFR"
    rootz = Game(name="rz", variant="rootz")
    drawn = ["austria1", "england1", "france1", "germany1", "turkey2"]
    assert draw_tag(rootz, drawn) == "A1, E1, F1, G1, T2"


def test_a_draw_of_outer_space_empires_sharing_an_initial_names_them() -> None:
    from judge.game.processing import set_game_position
    from judge.game.votes import draw_tag
    from judge.store.models import Game

    named = {"zorg": "Zorg", "zeta": "Zeta", "mars": "Mars"}
    empires = {code: {"name": n, "adjective": n, "initial": n[0]} for code, n in named.items()}
    game = Game(name="space", variant="outerspace")
    doc = {"variant": "outerspace", "phase": "S2001M", "powers": list(named), "empires": empires}
    set_game_position(game, {**doc, "units": [], "supply_centers": {}})
    assert draw_tag(game, {"zorg", "zeta", "mars"}) == "Zorg, Zeta, Mars"
    assert draw_tag(game, {"zorg", "mars"}) == "Zorg, Mars"
