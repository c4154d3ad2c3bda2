"""HELP: the command list, built from each command's own syntax and help text."""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import all_commands, find, register


def help_text(commands: list[type[Command]] | None = None) -> list[str]:
    """The help for the given commands (all registered ones by default)."""
    lines = [
        "Commands are not case-sensitive; one per line. Lines starting with // are",
        "comments. SIGNOFF, or a signature line (--), ends your mail.",
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


@register
class HelpCommand(Command):
    """Describe the commands."""

    rank = 60

    keyword = "HELP"
    syntax = "HELP [<command>]"
    help = "Mails back this description of the commands, or of one command."

    def run(self, ctx: Context, stmt: Statement) -> None:
        topic = stmt.args.strip()
        if topic:
            cls = find(topic) or (find(topic.split()[0]) if topic.split() else None)
            if topic.lower() in ("order", "orders"):
                from judge.commands.orders import Orders

                cls = Orders
            if cls is None:
                ctx.transcript.refused(stmt.text, f"there is no command {topic!r}")
                return
            entry = ctx.transcript.ok(stmt.text, "Help follows.")
            entry.extra.extend(help_text([cls])[3:])
            return
        entry = ctx.transcript.ok(stmt.text, "Help follows.")
        entry.extra.extend(help_text())
