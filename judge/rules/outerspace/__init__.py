"""The rules of "It Came From Outer Space" (docs/variants.md, "Outer Space").

Modules: :mod:`.space` (spacecraft and the geography of a phase), :mod:`.kinds`
(the order kinds), :mod:`.syntax` (their words), :mod:`.turn` (a phase adjudicated,
colonization and elimination included), :mod:`.documents` (position documents) and
:mod:`.ruleset` (the game-level ruleset).
"""
