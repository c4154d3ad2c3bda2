"""Processing a game's phase from the database: adjudicate, store, report, mail.

:func:`process_phase` takes the orders stored for the game's current phase (the last
order per unit wins), adjudicates them with the pure adjudicator (units without
orders hold, dislodged units without orders disband, missing builds are waived and
missing removals are made by civil disorder), keeps a :class:`PhaseSnapshot` of the
old position (for :func:`rollback_to`), stores the new position, counts the phase,
sets the next deadline or ends the game on a victory, stores the report as a
:class:`GameReport` and mails it to every player still playing, every observer and
the game master, rendered once per time zone of the recipients.

What the stored position is, how it is adjudicated and reported, and the phase
code it gives, are the game's ruleset's (:func:`judge.rules.registry.ruleset_for_game`):
standard games keep the phase document of docs/adjudicate.md in ``Game.position``;
multiverse games keep the world document of docs/multiverse.md (boards, rules,
history, iteration; no orders), and their ``Game.phase`` is a code of the usual
shape, unique per processed turn (see
:func:`judge.rules.multiverse.ruleset.world_phase` and docs/games.md).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, delete, or_, select

from judge.clock.timing import next_deadline
from judge.game.abandoned import (
    abandoned_powers,
    changed_hands,
    count_missed,
    left_since,
    missed_counts,
    not_undone_sentence,
    restore_missed,
    takeover_notice,
)
from judge.game.clock import absences, game_timing, set_next_deadline
from judge.game.collector import turn_collections
from judge.game.end import finish
from judge.game.games import (
    PhaseOrder,
    current_order_keys,
    game_variant,
    names_listed,
    phase_label,
    phase_orders,
    power_name,
    variant_label,
)
from judge.game.history import announce_and_keep, keep_report
from judge.game.links import with_links
from judge.game.recipients import Recipient, game_mail_subject, game_recipients, send
from judge.game.records import deadline_passed, forget_phases, record_phase
from judge.game.results import forget_results
from judge.game.votes import VOTE_FLAGS, drop_votes
from judge.mail.outgoing import DEFAULT_JUDGE_CODE, Author
from judge.maps import Naming, Picture, safe_position_picture, turn_picture
from judge.orders.data import OrderDecoding
from judge.orders.keys import OrderKey
from judge.reports import ReportSettings
from judge.rules.base import Step, StoredOrder
from judge.rules.registry import ruleset_for, ruleset_for_game
from judge.store.models import (
    ACTIVE,
    FINISHED,
    PAUSED,
    PLAYING,
    REPORT_RESULTS,
    Game,
    GameReport,
    Order,
    PhaseSnapshot,
    Player,
    as_utc,
    utcnow,
)
from judge.store.positions import Position, changed, memo_of


@dataclass
class TurnOutcome:
    """What processing one phase did."""

    phase: str  # the phase processed
    next_phase: str  # the game's phase now (unchanged when the game ended)
    number: int  # Game.number after processing (the report's number)
    answer: dict[str, Any]  # the adjudicator's answer
    winner: str | None = None
    report: GameReport | None = None
    mailed: list[str] = field(default_factory=list)  # addresses the report went to


# What a ROLLBACK of a paused game adds to its mail and to the master's reply.
PAUSE_ENDED = "The game was paused: it runs again from this deadline."

# ------------------------------------------------------------------ positions


def starting_document(variant: str, rules: str, adjacency: str = "", seed: int = 0) -> dict:
    """The position of a new game of ``variant`` played by the game rules ``rules``
    (a phase document, or a one-board world document)."""
    return ruleset_for(variant, rules).starting_position(variant, adjacency=adjacency, seed=seed)


def set_game_position(game: Game, doc: dict[str, Any]) -> Position:
    """Store a position document (without orders) and the phase it gives; the
    document as stored."""
    stored = changed(doc, drop="orders")  # what was derived from it is kept with it
    game.set_position(stored)
    game.phase = ruleset_for_game(game).phase_code(stored)
    return stored


def _read_ahead(session: Session, game: Game, stored: Position) -> None:
    """Keep the position a turn just stored (``stored``, as the turn made it: it is not
    parsed again from the stored text) with its version, and count what each power
    owes in it, for the mails and the turn to come: they find both kept
    (:mod:`judge.store.positions`; the inbox and the deadlines share the database
    engine) instead of paying for them while other mail waits."""
    assert game.id is not None
    memo_of(session.get_bind()).keep(game.id, game.position_version, stored, len(game.position))
    ruleset_for_game(game).owed(game.position_view())


# ------------------------------------------------------------------ orders


def stored_rows(session: Session, game: Game, phase: str) -> dict[str, list[PhaseOrder]]:
    """Every power's current orders for a phase of the game, in the order given (the
    last order for a unit replaced the earlier ones)."""
    assert game.id is not None
    return phase_orders(session, game.id, phase)


def _adjudicate(
    session: Session, game: Game, rows: dict[str, list[PhaseOrder]] | None = None
) -> Step:
    """The game's phase adjudicated with its stored orders (``rows``, when the caller
    read them already)."""
    rules = ruleset_for_game(game)
    # The shared parsed position (as the last turn or mail left it) when the step
    # only reads it, else a copy of the game's own to change.
    version = game.position_version  # of the position read here
    doc = game.position_view() if rules.steps_read_only else game.position_doc()
    return _adjudicate_stored(session, game, doc, game.phase, rows, version)


def _adjudicate_stored(
    session: Session,
    game: Game,
    doc: dict[str, Any],
    phase: str,
    rows: dict[str, list[PhaseOrder]] | None = None,
    version: int | None = None,
) -> Step:
    """Adjudicate a position with the orders stored for ``phase``, handed to the
    game's ruleset as data (each with the wording it was accepted in).  ``version``:
    the game's position version when ``doc`` is that position; an order its mail's
    check accepted on that version is handed on as checked, with its object as
    stored."""
    rules = ruleset_for_game(game)
    doc = rules.with_disorder_rule(doc, game.cd_rule)
    if rows is None:
        rows = stored_rows(session, game, phase)
    decoding = rules.order_decoding()  # the kinds and locations its orders are stored with
    orders = {
        power: [_stored_order(row, decoding, version) for row in mine]
        for power, mine in rows.items()
    }
    return rules.step_stored(doc, orders)


def _stored_order(row: PhaseOrder, decoding: OrderDecoding, version: int | None) -> StoredOrder:
    """A stored order as a step takes it: checked, with its object as stored, when its
    mail's check read the position of ``version``."""
    if version is None or row.checked_on != version or row.data is None:
        return StoredOrder(row.canonical, row.order(decoding))
    order, data = row.order_and_data(decoding)
    return StoredOrder(row.canonical, order, True, data)


# ------------------------------------------------------------------ reports


def report_settings(
    game: Game,
    *,
    reader_zone: str | None = None,
    next_deadline: datetime | None = None,
    phase_deadline: datetime | None = None,
    number: int | None = None,
    notices: Sequence[str] = (),
    judge_code: str = DEFAULT_JUDGE_CODE,
) -> ReportSettings:
    """The report settings of a game (its zone; ``number`` defaults to its count of
    processed phases; ``judge_code`` is the sender's code)."""
    return ReportSettings(
        game=game.name,
        judge_code=judge_code,
        variant_label=variant_label(game),
        turn_label=ruleset_for_game(game).turn_label,
        names=ruleset_for_game(game).report_names,
        number=game.number if number is None else number,
        next_deadline=next_deadline,
        phase_deadline=phase_deadline,
        game_zone=game_timing(game).zone,
        reader_zone=reader_zone,
        notices=tuple(notices),
    )


def _render(
    game: Game, turn: Step, settings: ReportSettings, *, preview: bool = False
) -> tuple[str, str, str]:
    variant = game_variant(game)
    return ruleset_for_game(game).render_results(turn, variant, settings, preview=preview)


def _picture(game: Game, turn: Step) -> Picture | None:
    """The map of the processed phase, drawn once for every recipient."""
    rules = ruleset_for_game(game)
    code = rules.processed_phase(turn)
    return turn_picture(
        game_variant(game),
        turn.before,
        turn.answer,
        game.name,
        code,
        picture=rules.picture,
        read_location=rules.read_location,
        naming=Naming.of(rules),
        words=rules.order_words(),
    )


def _mail_by_zone(
    session: Session,
    sender: Author,
    game: Game,
    turn: Step,
    recipients: Sequence[Recipient],
    settings: ReportSettings,
    *,
    preview: bool = False,
) -> list[str]:
    """Render once per recipient zone (``settings`` with the reader's zone) and queue
    one mail per recipient, each with the phase's map (drawn once)."""
    picture = _picture(game, turn)
    rendered: dict[str, tuple[str, str, str]] = {}
    mailed = []
    for recipient in recipients:
        zone = recipient.zone or "UTC"
        if zone not in rendered:
            mine = replace(settings, reader_zone=zone)
            rendered[zone] = _render(game, turn, mine, preview=preview)
        subject, text, html = rendered[zone]
        text, html = with_links(session, sender, game, recipient.power, text, html)
        send(session, sender, recipient.address, subject, text, html, picture)
        mailed.append(recipient.address)
    return mailed


def _outcome(game: Game, turn: Step) -> str | None:
    """How the step ends the game (``Victory of France``), or None."""
    return ruleset_for_game(game).outcome_text(turn, lambda code: power_name(game, code))


def _notices(game: Game, turn: Step) -> tuple[str, ...]:
    outcome = _outcome(game, turn)
    if not outcome:
        return ()
    return (f"The game is over: {outcome[0].lower()}{outcome[1:]}.",)


def _abandoned(session: Session, game: Game) -> tuple[str, ...]:
    """The results' paragraph on the powers open for takeover, while the game runs."""
    if game.status == FINISHED:
        return ()
    notice = takeover_notice(game, abandoned_powers(session, game))
    return (notice,) if notice else ()


# ------------------------------------------------------------------ processing


def clear_phase_flags(session: Session, game: Game) -> None:
    """Clear every player's SET WAIT and votes (SET DRAW, SET CONCEDE, SET PAUSE, SET
    RESUME, SET EXTEND), and the phase's extension: as on the classic judges, a wait
    and a vote hold for one phase."""
    flagged = select(Player).where(
        Player.game_id == game.id,
        or_(col(Player.wait), *(col(getattr(Player, flag)) for flag in VOTE_FLAGS)),
    )
    for player in session.exec(flagged):
        player.wait = False
        drop_votes(player)
        session.add(player)
    game.extended = False


def process_phase(session: Session, sender: Author, game: Game, now: datetime) -> TurnOutcome:
    """Adjudicate the game's current phase with its stored orders, store the new
    position, clear the players' waits and votes, set the next deadline (or finish the game
    on a victory), and store and mail the report.  The caller commits.

    Python's automatic garbage collections wait until the turn is done
    (:mod:`judge.game.collector`)."""
    with turn_collections():
        return _process_phase(session, sender, game, now)


def _process_phase(session: Session, sender: Author, game: Game, now: datetime) -> TurnOutcome:
    if game.status != ACTIVE:
        raise ValueError(f"game {game.name} is {game.status}: only active games are processed")
    assert game.id is not None
    owing, rows = owing_powers(game), stored_rows(session, game, game.phase)
    record_phase(session, game, now)  # each player's on time / late / missed
    passed = deadline_passed(as_utc(game.deadline), now)
    counts = missed_counts(session, game)  # as they were before, for a ROLLBACK
    count_missed(session, game, owing, set(rows), passed)  # SET ABANDON: missed in a row
    turn = _adjudicate(session, game, rows)
    processed = game.phase
    phase_at = as_utc(game.deadline)
    session.add(
        PhaseSnapshot(
            game_id=game.id,
            number=game.number,
            phase=processed,
            position=game.position,
            missed=counts,
        )
    )
    _read_ahead(session, game, set_game_position(game, turn.after))
    game.number += 1
    game.processed_at = now
    clear_phase_flags(session, game)
    outcome = _outcome(game, turn)
    if outcome:
        won, drawn = ruleset_for_game(game).ending_sides(turn)
        # The position stored is the next phase's: the game ended in the one processed.
        finish(session, game, outcome, ended_in=processed, won=won, drawn=drawn)
        next_at = None
    else:
        next_at = set_next_deadline(session, game, now)
    session.add(game)

    settings = report_settings(
        game,
        next_deadline=next_at,
        phase_deadline=phase_at,
        notices=(*_notices(game, turn), *_abandoned(session, game)),
        judge_code=sender.code,
    )
    subject, text, html = _render(game, turn, settings)
    report = keep_report(session, game, REPORT_RESULTS, subject, text, now, html, phase=processed)
    recipients = game_recipients(session, game)
    mailed = _mail_by_zone(session, sender, game, turn, recipients, settings)
    # When the results were out (mail received before then was written for the
    # processed phase: judge.commands.phase.processed_meanwhile).
    report.created_at = max(now, utcnow())
    if outcome:
        game.ended_at = report.created_at  # a victory ends the game as its results are out
    session.flush()
    return TurnOutcome(processed, game.phase, game.number, turn.answer, turn.winner, report, mailed)


def preview_phase(session: Session, sender: Author, game: Game, now: datetime, to: str) -> None:
    """Mail the results the current orders would give to ``to`` only, marked PREVIEW.

    Nothing of the game changes (automatic garbage collections wait, as in a turn)."""
    with turn_collections():
        _preview_phase(session, sender, game, now, to)


def _preview_phase(session: Session, sender: Author, game: Game, now: datetime, to: str) -> None:
    turn = _adjudicate(session, game)
    next_at = None
    if not turn.winner:
        next_at = next_deadline(
            game_timing(game), turn.next_phase, now, absences=absences(session, game)
        )
    settings = report_settings(
        game,
        next_deadline=next_at,
        phase_deadline=as_utc(game.deadline),
        number=game.number + 1,
        notices=_notices(game, turn),
        judge_code=sender.code,
    )
    recipient = Recipient(to, "master", _zone_of(session, game, to))
    _mail_by_zone(session, sender, game, turn, [recipient], settings, preview=True)


def _zone_of(session: Session, game: Game, address: str) -> str:
    for recipient in game_recipients(session, game):
        if recipient.address.lower() == address.lower():
            return recipient.zone
    from judge.store.models import Account

    account = session.exec(select(Account).where(Account.address == address.lower())).first()
    return account.time_zone if account is not None and account.time_zone else "UTC"


def rollback_to(
    session: Session,
    sender: Author,
    game: Game,
    phase: str,
    now: datetime,
    began: datetime | None = None,
) -> list[str]:
    """Put the game back to the position it had before ``phase`` was processed.

    The orders of that phase stay (players may change them); orders, snapshots and
    result reports of the later phases are dropped, with the players' waits and votes
    (SET WAIT, SET DRAW, SET CONCEDE); the players' counts of missed deadlines are put
    back (:func:`judge.game.abandoned.restore_missed`).  Everyone is told, and the
    phase gets a new deadline (a paused game runs again, as on njudge, whose rollback
    restores the phase and with it the pause mark).
    The phase begins again at ``began`` (the arrival of the master's mail; default
    ``now``): orders kept from before count as given then, so the phase is not
    processed early before the game's DELAY has passed since (judge.clock.planner).
    Resignations and ejections since stand (:func:`judge.game.abandoned.left_since`).
    Returns what the mail says after the deadline (the pause ended, players back, who
    stays out), for the master's reply too.  ValueError (player-facing) when there is
    no such snapshot."""
    assert game.id is not None
    wanted = phase.strip().upper()
    snapshot = session.exec(
        select(PhaseSnapshot)
        .where(PhaseSnapshot.game_id == game.id, PhaseSnapshot.phase == wanted)
        .order_by(col(PhaseSnapshot.number).desc())
    ).first()
    if snapshot is None:
        raise ValueError(f"game {game.name} has no processed phase {wanted} to roll back to")
    later = list(
        session.exec(
            select(PhaseSnapshot).where(
                PhaseSnapshot.game_id == game.id, PhaseSnapshot.number > snapshot.number
            )
        )
    )
    dropped_phases = {s.phase for s in later} | {game.phase}
    dropped_phases.discard(snapshot.phase)
    session.exec(
        delete(Order).where(
            col(Order.game_id) == game.id, col(Order.phase).in_(sorted(dropped_phases))
        )
    )
    session.exec(
        delete(PhaseSnapshot).where(
            col(PhaseSnapshot.game_id) == game.id, col(PhaseSnapshot.number) >= snapshot.number
        )
    )
    forget_phases(session, game.id, snapshot.number)  # the players' records of them
    back = restore_missed(session, game, snapshot.missed)  # SET ABANDON's counts
    stay_out = not_undone_sentence(game, left_since(session, game, snapshot.missed))
    moved = changed_hands(session, game, snapshot.missed)
    clear_phase_flags(session, game)  # the undone phase's waits and votes
    session.exec(
        delete(GameReport).where(
            col(GameReport.game_id) == game.id,
            col(GameReport.kind) == REPORT_RESULTS,
            col(GameReport.number) > snapshot.number,
        )
    )
    game.set_position(json.loads(snapshot.position))
    game.phase = snapshot.phase
    game.number = snapshot.number
    was_paused = game.status == PAUSED
    game.status = ACTIVE
    game.outcome = ""
    game.ended_in = None
    game.ended_at = None
    forget_results(session, game)
    game.processed_at = began or now  # the phase's start, for the early processing
    deadline = set_next_deadline(session, game, now)
    session.add(game)
    zone = game_timing(game).zone
    from judge.clock.timing import format_for

    subject = game_mail_subject(sender, game, f"{phase_label(game)} Rollback")
    body = (
        f"Game {game.name} has been rolled back by its master to {phase_label(game)}, as it was "
        "before that phase was processed.\nOrders already given for that phase still "
        f"stand and may be changed.\nThe new deadline is {format_for(deadline, zone)}.\n"
    )
    notes = [PAUSE_ENDED] if was_paused else []
    if back:
        names = ", ".join(power_name(game, code) for code in back)
        notes.append(f"Abandoned in a phase now undone, played again by the same players: {names}.")
    if stay_out:
        notes.append(stay_out)
    if moved:
        names = names_listed(moved)
        stays = "stays with its new player" if len(moved) == 1 else "stay with their new players"
        notes.append(f"Not undone either: {names} changed hands since and {stays}.")
    body += "".join(f"{note}\n" for note in notes)
    announce_and_keep(session, sender, game, subject, body, now)
    session.flush()
    return notes


def past_phase_picture(session: Session, game: Game, phase: str) -> Picture | None:
    """The map of a processed phase, drawn again: the position kept before it was
    processed (its snapshot), adjudicated again with the orders stored for it.
    None when no snapshot of that phase is kept (or it cannot be drawn)."""
    snapshot = session.exec(
        select(PhaseSnapshot)
        .where(PhaseSnapshot.game_id == game.id, PhaseSnapshot.phase == phase.upper())
        .order_by(col(PhaseSnapshot.number).desc())
    ).first()
    if snapshot is None:
        return None
    doc = json.loads(snapshot.position)
    return _picture(game, _adjudicate_stored(session, game, doc, snapshot.phase))


def picture_naming(game: Game) -> Naming:
    """How a game's pictures name its turns and timelines: as its ruleset names them
    in its mails (``turn_label``, ``timeline_label``)."""
    return Naming.of(ruleset_for_game(game))


def position_picture_now(game: Game, what: str = "position") -> Picture | None:
    """The map of a game's position now (titled ``what``: the start, the position),
    drawn as its ruleset draws it (None when it cannot be drawn)."""
    style = ruleset_for_game(game).picture
    return _game_picture(game, game.position_doc(), game.phase, what, style)


def board_picture(game: Game, board: Mapping[str, Any]) -> Picture | None:
    """The map of one board of a multiverse world, titled with the board's own turn
    and timeline as the game's mails name them (``g1 · Fall01 · timeline bravo``),
    whatever turn the game has reached (None when it cannot be drawn)."""
    title = f"timeline {picture_naming(game).timeline(board['timeline'])}"
    style = ruleset_for_game(game).board_picture
    doc = {**board, "variant": game.variant}
    return _game_picture(game, doc, str(board["phase"]), title, style)


def _game_picture(
    game: Game, doc: Mapping[str, Any], phase: str, title: str, style: str
) -> Picture | None:
    """The map of ``doc``, a position of ``game`` in ``phase``, titled ``title`` and
    drawn in the picture ``style`` (a ruleset's ``picture`` or ``board_picture``)."""
    return safe_position_picture(
        doc,
        game_variant(game),
        game.name,
        phase,
        title,
        picture=style,
        naming=picture_naming(game),
    )


# ------------------------------------------------------------------ who owes orders


def _playing_powers(session: Session, game: Game) -> set[str]:
    rows = session.exec(
        select(Player.power).where(Player.game_id == game.id, Player.status == PLAYING)
    )
    return set(rows)


def owing_powers(game: Game) -> set[str]:
    """The powers that owe orders this phase (whether played or not)."""
    owed = ruleset_for_game(game).owed(game.position_view())
    return {power for power, items in owed.items() if items}


def past_deadline(game: Game, now: datetime) -> bool:
    """Whether a running game's deadline has passed (its late powers show then: LIST,
    the game page, whose key it is part of)."""
    deadline = as_utc(game.deadline)
    return game.status == ACTIVE and deadline is not None and now > deadline


def late_powers(session: Session, game: Game, now: datetime) -> set[str]:
    """The powers still owing orders once the game's deadline has passed (none
    before it, and none in a game not running): LIST's and the game page's late."""
    return set(orders_missing(session, game)) if past_deadline(game, now) else set()


def orders_missing(session: Session, game: Game) -> dict[str, list[str]]:
    """Per power still played and owing orders: the units (or adjustments) without
    orders yet, as players write them (``A par``, ``2 builds``, ``A 1:par:S1901``)."""
    assert game.id is not None
    doc = game.position_view()
    playing = _playing_powers(session, game)
    missing: dict[str, list[str]] = {}
    given: dict[str, set[OrderKey]] | None = None  # read once, when some power owes
    rules = ruleset_for_game(game)
    for power, items in rules.owed(doc).items():
        if power not in playing or not items:
            continue
        if given is None:
            given = current_order_keys(session, game.id, game.phase)
        left = rules.unordered(doc, power, given.get(power, set()))
        if left:
            missing[power] = left
    return missing
