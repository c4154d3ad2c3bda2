"""HELP and docs/game-masters.md give each game-master command the same syntax
(HELP said 'PREVIEW [<phase>]' where the document said 'PREVIEW')."""

from __future__ import annotations

import re
from pathlib import Path

import judge.commands  # noqa: F401  (registers every command)
from judge.commands.registry import all_commands

DOC = Path(__file__).resolve().parents[2] / "docs" / "game-masters.md"


def _documented_forms() -> set[str]:
    """The code spans of the first column of the document's command table."""
    section = DOC.read_text().split("## Game-master commands", 1)[1].split("\n## ", 1)[0]
    forms: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first = line[1:].replace("\\|", "\u0000").split("|", 1)[0].replace("\u0000", "|")
            forms.update(re.findall(r"`([^`]+)`", first))
    return forms


def test_every_master_command_syntax_is_documented_as_help_gives_it() -> None:
    documented = _documented_forms()
    missing = []
    for command in all_commands():
        if not command.needs_signature:
            continue
        for form in command.syntax.split("   or   "):
            # A block (MASTER BROADCAST ...message lines... ENDPRESS): its first and
            # last words are documented as two code spans.
            pieces = form.split("...")
            for piece in (pieces[0], pieces[-1]) if len(pieces) > 1 else pieces:
                if piece.strip() not in documented:
                    missing.append(piece.strip())
    assert missing == [], f"HELP forms not in docs/game-masters.md: {missing}"


def test_mail_md_points_to_the_game_master_document() -> None:
    mail = (DOC.parent / "mail.md").read_text()
    assert "will come" not in mail and "will require" not in mail
    assert "(game-masters.md)" in mail
