"""HELP: the command list, built from each command's own syntax and help text, the
order forms of a game's rules (HELP <game>, HELP after SIGNON, HELP <order word>),
built from its order kinds' forms (:mod:`judge.orders.forms`), and the rules in
words (HELP <rule>: a variant's ``special_rules.toml``, a ruleset's
``rules_in_words``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import all_commands, find, register
from judge.game.games import find_game, game_variant, starting_position, variant_label
from judge.rules.base import VICTORY_WORDS, Ruleset
from judge.rules.registry import ruleset_for, ruleset_for_game
from judge.store.models import MULTIVERSE_RULES, Game
from judge.variant.data import Variant, available_variants, load_variant, special_rules


def help_text(commands: list[type[Command]] | None = None) -> list[str]:
    """The help for the given commands (all registered ones by default)."""
    lines = [
        "Commands are not case-sensitive; one per line. Lines starting with // are",
        "comments. SIGNOFF ends your mail; so does a signature line (--), unless",
        "orders follow it.",
    ]
    for cls in commands if commands is not None else all_commands():
        title = cls.keyword or "Orders"
        lines.append("")
        lines.append(f"{title}: {cls.syntax}")
        lines.extend("  " + line for line in cls.help.splitlines())
        if cls.needs_signon:
            lines.append("  (needs a SIGNON earlier in the mail)")
        if cls.needs_signature:
            lines.append("  (needs a mail signed with your registered OpenPGP key)")
    return lines


def _examples(
    rules: Ruleset, doc: Mapping[str, Any], variant: Any, power: str | None
) -> dict[str, str]:
    """Each form's example on a board, by the form's name: written with ``power``'s
    units where they can give it, else with any power's."""
    found = {form.name: text for form, text in rules.order_examples(doc, variant)}
    if power is not None:
        found.update((f.name, text) for f, text in rules.order_examples(doc, variant, power))
    return found


def _reader(ctx: Context, game: Game) -> str | None:
    """The power the mail's sender signed on as in ``game``, if any."""
    if ctx.player is None or ctx.game is None or ctx.game.id != game.id:
        return None
    return ctx.player.power


def game_order_help(game: Game, power: str | None = None) -> list[str]:
    """The variant's special rules in words, then the order forms of a game's
    rules, each with an example from its position (written with ``power``'s units
    where they can give it)."""
    rules = ruleset_for_game(game)
    variant = game_variant(game)
    examples = _examples(rules, game.position_doc(), variant, power)
    lines = _rules_lines(_game_rules(game))
    lines.append(f"Orders in game {game.name} ({variant_label(game)}), one per line:")
    for form in rules.order_forms():
        lines.append("")
        lines.extend(form.help_lines(examples.get(form.name)))
    return lines


def variant_order_help(name: str) -> list[str]:
    """A variant's rules in words, then the order forms of its rules with examples
    on its starting board (HELP colonial, GET info.colonial), or nothing when
    ``name`` is no variant of this judge."""
    if name.lower() not in available_variants():
        return []
    variant = load_variant(name.lower())
    rules = ruleset_for(variant.name)
    examples = _examples(rules, starting_position(variant.name), variant, None)
    lines = _rules_lines(_titled(variant))
    lines.append(f"Orders in {variant.title} games (VARIANT {variant.name}), one per line:")
    for form in rules.order_forms():
        lines.append("")
        lines.extend(form.help_lines(examples.get(form.name)))
    return lines


def _titled(variant: Variant) -> list[dict[str, Any]]:
    """A variant's special rules, each titled with the variant's name."""
    return [{**rule, "title": variant.title} for rule in special_rules(variant.name)]


def _victory(variant: Variant) -> dict[str, Any]:
    """The victory rule of the variant's data, for games whose rules say no other."""
    centres = len(variant.supply_centers)
    return {
        "name": "Victory",
        "title": variant.title,
        "aliases": list(VICTORY_WORDS),
        "summary": f"{variant.victory_centers} of the {centres} supply centres win, "
        "counted after each Fall.",
    }


def _with_victory(rules: list[dict[str, Any]], variant: Variant) -> list[dict[str, Any]]:
    """``rules``, and the variant's victory rule when none of them is one."""
    if any(rule["name"] == "Victory" for rule in rules):
        return rules
    return [*rules, _victory(variant)]


def _game_rules(game: Game) -> list[dict[str, Any]]:
    """The rules of a game in words: its variant's, then its ruleset's own."""
    return [*_titled(load_variant(game.variant)), *ruleset_for_game(game).rules_in_words()]


def _rules_lines(rules: list[dict[str, Any]]) -> list[str]:
    """Rules as HELP words them, each its name and title then its summary, and a
    blank line after them (none: no lines)."""
    lines = [line for rule in rules for line in _rule_lines(rule)]
    return [*lines, ""] if lines else []


def _rule_lines(rule: dict[str, Any]) -> list[str]:
    """A rule as HELP words it: its name and title, then its summary."""
    return [f"{rule['name']} ({rule['title']}):", f"  {rule['summary']}"]


def form_help(ctx: Context, topic: str) -> list[str]:
    """What HELP <order word> answers: the forms named so, of the signed-on game's
    rules, else of every kind of game this judge plays (one each)."""
    examples: dict[str, str] = {}
    if ctx.game is not None:
        rulesets = [ruleset_for_game(ctx.game)]
        doc, variant = ctx.game.position_doc(), game_variant(ctx.game)
        examples = _examples(rulesets[0], doc, variant, _reader(ctx, ctx.game))
    else:
        rulesets = [ruleset_for(v) for v in available_variants()]
        rulesets.append(ruleset_for("standard", MULTIVERSE_RULES))
    lines: list[str] = []
    seen: set[str] = set()
    for rules in rulesets:
        for form in rules.order_forms():
            if form.answers(topic) and form.name not in seen:
                seen.add(form.name)
                found = form.help_lines(examples.get(form.name))
                lines.extend(["", *found] if lines else found)
    return lines


def _squeezed(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def rule_help(ctx: Context, topic: str) -> list[str]:
    """What HELP <rule> answers: the rule of that name or alias (``HELP hong kong``,
    ``HELP HK``, ``HELP victory``) of the signed-on game (its variant's, its
    ruleset's), else of every variant and kind of game."""
    if ctx.game is not None:
        rules = _with_victory(_game_rules(ctx.game), load_variant(ctx.game.variant))
    else:
        variants = [load_variant(name) for name in available_variants()]
        rules = [rule for v in variants for rule in _with_victory(_titled(v), v)]
        multiverse = ruleset_for("standard", MULTIVERSE_RULES)
        for layer in (multiverse, *(multiverse.played_as(s) for s in multiverse.settings)):
            rules += [r for r in layer.rules_in_words() if r not in rules]
    wanted = _squeezed(topic)
    return [
        line
        for rule in rules
        if wanted in {_squeezed(n) for n in (rule["name"], *rule["aliases"])}
        for line in _rule_lines(rule)
    ]


def help_topics(ctx: Context) -> str:
    """The topics HELP answers about, for a refusal: the signed-on game's order forms
    and rules, else the variants."""
    if ctx.game is None:
        return (
            "HELP alone lists the commands, HELP <game> or HELP <variant> ("
            + ", ".join(available_variants())
            + ") the orders"
        )
    forms = [form.name for form in ruleset_for_game(ctx.game).order_forms()]
    rules = [rule["name"] for rule in _game_rules(ctx.game)]
    return f"HELP alone lists the commands; topics of game {ctx.game.name}: " + ", ".join(
        dict.fromkeys(forms + rules)
    )


_ASKING = frozenset({"me", "please", "pls", "plz"})  # "help me", "help please"


@register
class HelpCommand(Command):
    """Describe the commands."""

    rank = 60

    keyword = "HELP"
    aliases = ("HELP!", "HELP?", "HELP.")  # "Help?" alone, as a newcomer asks
    syntax = "HELP [<command> | <game> | <variant> | <order word> | <rule>]"
    help = (
        "Mails back this description of the commands, or of one command. HELP\n"
        "<game> (or HELP after a SIGNON) lists the order forms of that game's\n"
        "rules, each with an example; HELP <variant> (colonial, rootz,\n"
        "outerspace ...) those of the variant's; HELP <order word> (TSR, ORB,\n"
        "COLONIZE, convoy, timeline ...) explains that order; HELP <rule>\n"
        "(hong kong, suez canal ...) a variant's special rule."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        topic = " ".join(w for w in stmt.args.strip(" !?.").split() if w.lower() not in _ASKING)
        if topic:
            self._topic(ctx, stmt, topic)
            return
        entry = ctx.transcript.ok(stmt.text, "Help follows.")
        if ctx.game is not None:
            entry.extra.extend([*game_order_help(ctx.game, _reader(ctx, ctx.game)), ""])
        entry.extra.extend(help_text())

    def _topic(self, ctx: Context, stmt: Statement, topic: str) -> None:
        cls = find(topic) or (find(topic.split()[0]) if topic.split() else None)
        if topic.lower() in ("order", "orders"):
            from judge.commands.orders import Orders

            cls = Orders
        if cls is not None:
            entry = ctx.transcript.ok(stmt.text, "Help follows.")
            entry.extra.extend(help_text([cls])[3:])
            return
        game = find_game(ctx.session, topic.split()[0])
        if game is not None:
            entry = ctx.transcript.ok(stmt.text, "Help follows.")
            entry.extra.extend(game_order_help(game, _reader(ctx, game)))
            return
        forms = variant_order_help(topic) or form_help(ctx, topic)
        rules = rule_help(ctx, topic)
        if not forms and not rules:
            ctx.transcript.refused(
                stmt.text,
                f"there is no command, game, order form or rule {topic!r}: {help_topics(ctx)}",
            )
            return
        entry = ctx.transcript.ok(stmt.text, "Help follows.")
        entry.extra.extend([*rules, *([""] if rules and forms else []), *forms])
