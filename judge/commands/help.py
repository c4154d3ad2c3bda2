"""HELP: the command list, built from each command's own syntax and help text, and
the order forms of a game's rules (HELP <game>, HELP after SIGNON, HELP <order
word>), built from its order kinds' forms (:mod:`judge.orders.forms`)."""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import all_commands, find, register
from judge.game.games import find_game, game_variant, variant_label
from judge.rules.registry import ruleset_for, ruleset_for_game
from judge.store.models import MULTIVERSE_RULES, Game
from judge.variant.data import available_variants, load_variant, special_rules


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


def game_order_help(game: Game) -> list[str]:
    """The order forms of a game's rules, each with an example from its position."""
    rules = ruleset_for_game(game)
    variant = game_variant(game)
    examples = {
        form.name: text for form, text in rules.order_examples(game.position_doc(), variant)
    }
    lines = [f"Orders in game {game.name} ({variant_label(game)}), one per line:"]
    for form in rules.order_forms():
        lines.append("")
        lines.extend(form.help_lines(examples.get(form.name)))
    return lines


def variant_order_help(name: str) -> list[str]:
    """The order forms of a variant's rules, with their own examples (HELP colonial),
    or nothing when ``name`` is no variant of this judge."""
    if name.lower() not in available_variants():
        return []
    variant = load_variant(name.lower())
    rules = ruleset_for(variant.name)
    start = rules.starting_position(variant.name)
    examples = {form.name: text for form, text in rules.order_examples(start, variant)}
    lines = [f"Orders in {variant.title} games (VARIANT {variant.name}), one per line:"]
    for form in rules.order_forms():
        lines.append("")
        lines.extend(form.help_lines(examples.get(form.name)))
    return lines


def form_help(ctx: Context, topic: str) -> list[str]:
    """What HELP <order word> answers: the forms named so, of the signed-on game's
    rules, else of every kind of game this judge plays (one each)."""
    if ctx.game is not None:
        rulesets = [ruleset_for_game(ctx.game)]
    else:
        rulesets = [ruleset_for(v) for v in available_variants()]
        rulesets.append(ruleset_for("standard", MULTIVERSE_RULES))
    lines: list[str] = []
    seen: set[str] = set()
    for rules in rulesets:
        for form in rules.order_forms():
            if form.answers(topic) and form.name not in seen:
                seen.add(form.name)
                lines.extend(["", *form.help_lines()] if lines else form.help_lines())
    return lines


def _squeezed(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def rule_help(ctx: Context, topic: str) -> list[str]:
    """What HELP <rule> answers: the variant's special rule of that name or alias
    (``HELP hong kong``, ``HELP HK``), of the signed-on game's variant, else of every
    variant."""
    names = [ctx.game.variant] if ctx.game is not None else available_variants()
    lines: list[str] = []
    for name in names:
        for rule in special_rules(name):
            if _squeezed(topic) in {_squeezed(n) for n in (rule["name"], *rule["aliases"])}:
                title = load_variant(name).title
                lines += [f"{rule['name']} ({title}):", f"  {rule['summary']}"]
    return lines


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
    rules = [rule["name"] for rule in special_rules(ctx.game.variant)]
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
            entry.extra.extend([*game_order_help(ctx.game), ""])
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
            entry.extra.extend(game_order_help(game))
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
