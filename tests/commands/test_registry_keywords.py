"""The command table matches a line's first words against every keyword: a keyword of
more words than it looks at could never be matched (njudge's ``SET NO LATE COUNT`` and
``SET WATCH ALL PRESS`` were answered "unknown command" so)."""

from __future__ import annotations

from judge.commands import registry
from judge.commands.registry import all_commands, match


def test_no_keyword_has_more_words_than_the_table_looks_at() -> None:
    longest = max(
        len(name.split()) for cls in all_commands() for name in (cls.keyword, *cls.aliases)
    )
    assert longest <= registry._MAX_WORDS


def test_the_longest_keywords_are_matched() -> None:
    for line in ("SET NO LATE COUNT", "SET NO WATCH ALL PRESS", "SET WATCH ALL PRESS"):
        found = match(line)
        assert found is not None and found[0].__name__ == "NjudgeSetting", line
