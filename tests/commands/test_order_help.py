"""Issue 26 item 6: HELP teaches each game's own orders, from its ruleset's order
forms (HELP <game>, HELP after SIGNON, HELP <order word>), and the start mail shows
how to order with the reader's own units."""

from __future__ import annotations

import re

import pytest

from judge.game.games import Seat, create_game
from judge.orders.text import parse_order
from judge.rules.registry import ruleset_for
from judge.store.models import MULTIVERSE_RULES
from judge.variant.data import load_variant
from tests.commands.helpers import outcomes


def _help(ctx) -> str:
    [entry] = [e for e in ctx.transcript.entries if e.echo.upper().startswith("HELP")]
    return "\n".join(entry.extra)


@pytest.mark.parametrize(
    ("topic", "form"),
    [
        ("TSR", "rail move: A <station> - TSR - <station>"),
        ("COLONIZE", "colonize: <unit> <province> COL [<province>]"),
        ("ORB", "beam down: A ORB - <province>"),
        ("timeline", "timeline notation: <unit> <timeline>:<province>:<turn>"),
        ("suez", "canal move: <fleet> Meds - Reds"),
        ("convoy", "convoy: <fleet> <sea> C <army> <province> - <province>"),
    ],
)
def test_issue26_help_explains_an_order_word(run, topic, form):
    ctx = run(f"HELP {topic}")
    assert outcomes(ctx)[0][1] == "ok"
    assert form in _help(ctx)


def test_issue26_help_refuses_what_is_neither_command_game_nor_order(run):
    ctx = run("HELP xyzzy")
    assert outcomes(ctx)[0][2] == (
        "there is no command, game, order form or rule 'xyzzy': HELP alone lists the"
        " commands, HELP <game> or HELP <variant> (colonial, outerspace, rootz, standard)"
        " the orders"
    )


@pytest.mark.parametrize("topic", ["hong kong", "Hong Kong", "HongKong", "hong-kong"])
def test_help_answers_a_variants_rule_by_its_name(run, topic):
    """Colonial's Hong Kong rule is no order form: HELP hong kong was refused. HELP
    <rule> answers a variant's special rule (its summary in special_rules.toml)."""
    ctx = run(f"HELP {topic}")
    assert outcomes(ctx)[0][1] == "ok"
    text = _help(ctx)
    assert text.startswith("Hong Kong (Colonial Diplomacy):\n  Hong Kong is a British home")
    assert "while China holds it, it counts for nobody" in text


@pytest.mark.parametrize("topic", ["HK", "hk", "SC"])
def test_help_answers_a_rule_by_its_short_name(run, topic):
    """Players write Hong Kong as HK (njudge's province code) and the canal as njudge's
    SC: HELP HK was refused ("there is no ... rule 'HK'"). A rule is found by its
    aliases in special_rules.toml too."""
    ctx = run(f"HELP {topic}")
    assert outcomes(ctx)[0][1] == "ok"
    rule = "Suez Canal" if topic == "SC" else "Hong Kong"
    assert _help(ctx).startswith(f"{rule} (Colonial Diplomacy):")


def test_help_of_a_rule_with_an_order_form_gives_both(run):
    text = _help(run("HELP suez canal"))
    assert text.startswith("Suez Canal (Colonial Diplomacy):")
    assert "canal move: <fleet> Meds - Reds" in text


def test_help_refusal_after_signon_lists_the_games_topics(run):
    ctx = run("SIGNON Fgame1 paris11\nHELP hong kong")
    assert outcomes(ctx)[1][2] == (
        "there is no command, game, order form or rule 'hong kong': HELP alone lists the"
        " commands; topics of game game1: hold, move, retreat, support, convoy, build,"
        " remove, waive"
    )


def test_issue26_help_game_lists_its_forms_with_examples_from_its_board(run, session):
    seats = [Seat("russia", "ivan@players.test", "moscow1")]
    create_game(session, "asia", seats, variant="colonial")
    session.commit()
    text = _help(run("HELP asia"))
    assert "Orders in game asia (Colonial), one per line:" in text
    assert "rail move: A <station> - TSR - <station>" in text
    assert "Example: A Mos - TSR - Irk" in text  # Russia's army, to a free station
    assert "Example: A Par - Bur" not in text  # the standard map's example is not Asia's


def test_issue26_help_after_signon_starts_with_the_games_orders(run):
    text = _help(run("SIGNON Fgame1 paris11\nHELP"))
    assert text.startswith("Orders in game game1 (Standard), one per line:")
    assert "move: <unit> <province> - <province>" in text and "SIGNON:" in text


@pytest.mark.parametrize(
    ("variant", "rules"),
    [("standard", "standard"), ("colonial", "standard"), ("rootz", "standard")]
    + [("standard", MULTIVERSE_RULES)],
)
def test_issue26_every_example_from_a_board_is_an_order_the_game_reads(variant, rules):
    ruleset = ruleset_for(variant, rules)
    loaded = load_variant(variant)
    doc = ruleset.starting_position(variant)
    examples = ruleset.order_examples(doc, loaded)
    assert {"hold", "move", "support", "build"} <= {form.name for form, _ in examples}
    syntax = getattr(ruleset, "syntax", None) or ruleset_for(variant).syntax
    for form, text in examples:
        if form.name != "timeline notation":  # read by the world's orders (test_help_examples)
            parse_order(loaded, text, syntax)  # no OrderSyntaxError


def test_issue26_outerspace_examples_beam_down_from_orbit():
    ruleset = ruleset_for("outerspace")
    doc = {"phase": "S1901M", "units": [{"power": "alpha", "type": "A", "province": "orb"}]}
    examples = [
        text
        for _, text in ruleset.order_examples(doc, load_variant("outerspace"), "alpha", start=True)
    ]
    assert examples == ["A ORB - Par", "A ORB H"]


def test_issue26_the_colonial_start_mail_shows_how_to_order_with_russias_units(session):
    from datetime import timedelta

    from judge.game.processing import starting_document
    from judge.game.start import start_game
    from judge.store.models import Applicant
    from tests.commands.forming import SENDER, forming_game, mails_to, registered, text_of
    from tests.commands.helpers import NOW

    game = forming_game(session, variant="colonial", seats=1)
    game.set_position(starting_document("colonial", "standard", "", 0))
    account = registered(session, "ivan@players.test")
    session.add(
        Applicant(
            game_id=game.id,
            account_id=account.id,
            password_hash="x",
            preferences="russia",
            joined_at=NOW + timedelta(minutes=1),
        )
    )
    session.commit()
    start_game(session, SENDER, game, NOW)
    session.commit()
    text = text_of(mails_to(session, "ivan@players.test")[0]).replace("\r\n", "\n")
    assert "How to order, with your own units (HELP newgame lists every order form):" in text
    assert "  A Mos - TSR - Irk     (rail move)\n" in text
    assert "  A Mos - Bak           (move)\n" in text


@pytest.mark.parametrize(
    ("variant", "form"),
    [
        ("colonial", "rail move: A <station> - TSR - <station>"),
        ("Colonial", "canal move: <fleet> Meds - Reds"),
        ("outerspace", "beam down: A ORB - <province>"),
        ("rootz", "move: <unit> <province> - <province>"),
    ],
)
def test_help_a_variant_lists_its_orders_before_any_game_of_it(run, variant, form):
    """HELP colonial (a variant's name, no game of it needed) was refused as "no
    command, game or order form": a player could learn Colonial's orders only from
    a game of it or by knowing the words TSR and suez."""
    ctx = run(f"HELP {variant}")
    assert outcomes(ctx)[0][1] == "ok"
    assert form in _help(ctx)


@pytest.mark.parametrize("variant", ["colonial", "rootz"])
def test_help_a_variant_gives_examples_on_its_own_map(run, variant):
    """HELP colonial gave the standard map's examples (A Par - Bur, Build A Par), which
    a Colonial player copying them has refused ("'Par' is not a province"); the
    examples are now written with the variant's own starting units."""
    ctx = run(f"HELP {variant}")
    help_text = _help(ctx)
    examples = [line for line in help_text.splitlines() if "Example:" in line]
    assert len(examples) >= 8, help_text
    for standard in ("A Par", "F Bre", "F Nth", "A Mar"):  # Root Z's "A Par1" is its own
        assert not re.search(rf"\b{standard}\b", help_text), (standard, help_text)
