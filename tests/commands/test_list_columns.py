"""LIST's table keeps its columns in line: a multiverse game's variant label
(``standard (multiverse)``, 21 letters) overflowed the 12 letters of its column and
pushed the phase, status and deadline of its row out of line with the heading."""

from __future__ import annotations

from sqlmodel import Session

from judge.store.models import MULTIVERSE_RULES
from tests.commands.helpers import add_game, body_of, deliver, make_mail, migrated_engine, outbox


def test_every_row_of_list_starts_its_columns_where_the_heading_does(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session, "classic")
        game = add_game(session, "multi")
        game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        session.add(game)
        session.commit()
    deliver(engine, make_mail("reader@players.test", "LIST\n"))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    rows = [line for line in text.splitlines() if line.startswith("    ")]
    head, *games = rows
    assert len(games) == 2 and "standard (multiverse)" in games[1], rows
    starts = [head.index(word) for word in ("Phase", "Status", "Deadline")]
    for row in games:
        assert [row[at - 1] for at in starts] == [" ", " ", " "], rows
        assert row[starts[0] : starts[0] + 6] == "S1901M", rows
