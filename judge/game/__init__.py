"""Games: creating and finding them, processing phases, start, end, votes, standings, reminders."""
