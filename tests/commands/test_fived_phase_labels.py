"""A 5dplomacy game's phase as its players read it (``Spring01``, ``Spring02-builds``:
the ruleset's turn label, as LIST and the replies' state lines give it) in the texts
of a takeover, a REPLACE and press: they gave the judge's own code (``S1901M``),
a name the game shows nowhere else (docs/multiverse.md)."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from judge.game.processing import set_game_position
from judge.rules.registry import ruleset_for_game
from judge.store.models import MULTIVERSE_RULES, Game
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)


def _fived_game(directory: Path):  # noqa: ANN202
    engine = migrated_engine(directory)
    with Session(engine) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "5dplomacy"
        set_game_position(
            game, ruleset_for_game(game).starting_position("standard", adjacency="5dplomacy")
        )
        session.add(game)
        session.commit()
    return engine


def _text(engine, sender: str, body: str) -> str:  # noqa: ANN001
    deliver(engine, make_mail(sender, body))
    [reply] = [m for m in outbox(engine) if m["To"] == sender][-1:]
    return body_of(reply).replace("\r\n", "\n")


def test_a_takeover_and_press_name_the_phase_as_the_game_shows_it(tmp_path: Path) -> None:
    engine = _fived_game(tmp_path)
    _text(engine, address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\nRESIGN\n")
    newcomer = "nora@players.test"
    _text(engine, newcomer, "REGISTER\nName: Nora\nEND\n")
    text = _text(engine, newcomer, "SIGNON Fgame1 nora-pw1\n")
    assert "You now play France in game game1 (Spring01, active)" in text, text
    england = f"SIGNON Egame1 {PASSWORDS['england']}\nPRESS TO G\nHello.\nENDPRESS\n"
    deliver(engine, make_mail(address("england"), england))
    press = [m for m in outbox(engine) if m["To"] == address("germany")][-1]
    assert "Message from England to Germany in game game1 (Spring01):" in body_of(press)
    assert press["Subject"].endswith("game1 - Spring01 Press from England to Germany"), press
    subjects = [m["Subject"] for m in outbox(engine)]
    assert not [s for s in subjects if "S1901M" in s], subjects
    engine.dispose()


def test_the_masters_changes_name_the_phase_as_the_game_shows_it(gm, session, game1) -> None:
    """PAUSE, RESUME and SET DEADLINE, in the master's reply and the players' mail."""
    from tests.commands.helpers import outcomes

    game1.rules, game1.adjacency = MULTIVERSE_RULES, "5dplomacy"
    set_game_position(
        game1, ruleset_for_game(game1).starting_position("standard", adjacency="5dplomacy")
    )
    session.add(game1)
    session.commit()
    ctx = gm("GAME game1\nPAUSE\nRESUME\nSET DEADLINE +36h")
    said = [message for _, _, message in outcomes(ctx)]
    assert said[0] == "Game game1 selected (active, Spring01)."
    assert said[1].startswith("Game game1 is paused in Spring01:")
    assert said[2].startswith("Game game1 resumes in Spring01;")
    assert said[3].startswith("The deadline of Spring01 is now")
    assert "S1901M" not in "\n".join(said)


def test_the_map_names_the_phase_as_the_game_shows_it(tmp_path: Path) -> None:
    """MAP and a takeover's map: the mail says "position, Spring01", and MAP takes the
    phase as the game writes it (``MAP game1 Spring01``), as PHASE does."""
    engine = _fived_game(tmp_path)
    france = address("france")
    text = _text(engine, france, f"SIGNON Fgame1 {PASSWORDS['france']}\nMAP game1 Spring01\n")
    assert "The map of game game1 (position, Spring01) is mailed to you." in text, text
    _text(engine, france, f"SIGNON Fgame1 {PASSWORDS['france']}\nRESIGN\n")
    newcomer = "nora@players.test"
    _text(engine, newcomer, "REGISTER\nName: Nora\nEND\n")
    _text(engine, newcomer, "SIGNON Fgame1 nora-pw1\n")
    maps = [m for m in outbox(engine) if body_of(m).startswith("Map of game")]
    assert [m["To"] for m in maps] == [france, newcomer], maps
    for mail in maps:
        assert body_of(mail).startswith("Map of game game1: position, Spring01."), body_of(mail)
        assert "S1901M" not in mail["Subject"], mail["Subject"]
    engine.dispose()


def test_a_turn_named_by_its_label_is_found_years_back(tmp_path: Path) -> None:
    """``MAP Fall01`` in a 5dplomacy game in 1904 was refused ("'Fall01' is not a
    phase"): a label was looked for only in the current year and the years beside it,
    though the game's mails name every turn so.  The latest phase so labelled is
    found, from the year after the current one back a century."""
    from judge.commands.phase import game_phase_named

    engine = _fived_game(tmp_path)
    with Session(engine) as session:
        game = session.get(Game, 1)
        assert game is not None
        game.phase = "S1904M"
        assert game_phase_named(game, "Fall01") == "F1901M"
        assert game_phase_named(game, "Spring03") == "S1903M"
        assert game_phase_named(game, "spring04") == "S1904M"
        assert game_phase_named(game, "Fall04") == "F1904M"
        assert game_phase_named(game, "Autumn01") is None
    engine.dispose()


def _to_the_builds(engine) -> None:  # noqa: ANN001
    """Germany takes Denmark in 1901: the game is in Spring02-builds (W1901A), every
    phase processed under the game's lock, as the deadline runner does."""
    from judge.game.games import lock_game
    from judge.game.processing import process_phase
    from judge.mail.outgoing import Author
    from tests.commands.helpers import NOW

    germany = f"SIGNON Ggame1 {PASSWORDS['germany']}\n"
    for orders in ("F Kie - Den\nA Mun - Ruh", "F Den H"):
        _text(engine, address("germany"), germany + orders + "\n")
        with Session(engine) as session:
            game = lock_game(session, 1)
            assert game is not None
            process_phase(session, Author("Judge", "judge@judge.test", "USIN"), game, NOW)
            session.commit()
    with Session(engine) as session:
        game = session.get(Game, 1)
        assert game is not None and game.phase == "W1901A"


def test_a_phase_line_for_the_coming_turn_is_refused_with_the_name_to_write(
    tmp_path: Path,
) -> None:
    """During Spring02-builds, ``PHASE S1902M`` or ``PHASE Spring02`` (the coming
    movement turn, whose boards the builds are written on) and the builds after it
    were refused without saying what to write; the refusals now name the PHASE line
    for the current turn, and that line written with a space for its hyphen is read."""
    engine = _fived_game(tmp_path)
    _to_the_builds(engine)
    germany = f"SIGNON Ggame1 {PASSWORDS['germany']}\n"
    for phase in ("S1902M", "Spring02", "Spring 1902"):
        text = _text(engine, address("germany"), f"{germany}PHASE {phase}\nbuild A Kie\n")
        assert "game game1 is in Spring02-builds, not Spring02: the orders that" in text, text
        assert text.count("write PHASE Spring02-builds, or no PHASE line") == 2, text
        assert "Accepted" not in text
    text = _text(engine, address("germany"), f"{germany}PHASE Spring02 Builds\nbuild A Kie\n")
    assert "Orders that follow are for Spring02-builds." in text, text
    assert "Accepted: build A alfa:KIE:Spring02" in text, text
    engine.dispose()


def test_a_phase_line_naming_no_phase_says_how_to_name_the_current_one(tmp_path: Path) -> None:
    """A PHASE line the judge cannot read (``PHASE Spring02 movement``) is refused with
    the game's own name for its current turn, not only the standard codes."""
    engine = _fived_game(tmp_path)
    _to_the_builds(engine)
    germany = f"SIGNON Ggame1 {PASSWORDS['germany']}\n"
    text = _text(engine, address("germany"), f"{germany}PHASE Spring02 movement\nA Ber - Sil\n")
    assert "the orders that follow will be refused (write PHASE Spring02-builds" in text, text
    engine.dispose()


def test_a_build_beyond_the_allowance_names_the_board_as_the_game_does(tmp_path: Path) -> None:
    """Germany may build one on alfa:Spring02: a second build was refused "Germany may
    build 1 on timeline 1, S1902", a board the 5dplomacy game names nowhere so (its
    owed lines say "1 build on board alfa:Spring02")."""
    engine = _fived_game(tmp_path)
    _to_the_builds(engine)
    germany = f"SIGNON Ggame1 {PASSWORDS['germany']}\n"
    text = _text(engine, address("germany"), f"{germany}build A Kie\nbuild A Mun\n")
    assert "Germany may build 1 on board alfa:Spring02: this build is beyond it" in text, text
    assert "timeline 1" not in text and "S1902" not in text, text
    engine.dispose()


def test_map_with_njudges_number_names_the_phase_as_the_game_writes_it(tmp_path: Path) -> None:
    """``MAP game1 1`` (njudge's map number) names MAP's phase form in the game's own
    words (``Spring01``), never the judge's code."""
    engine = _fived_game(tmp_path)
    text = _text(engine, address("france"), "MAP game1 1\n")
    assert "MAP takes a phase, MAP game1 Spring01, or none" in text, text
    assert "S1901M" not in text, text
    engine.dispose()
