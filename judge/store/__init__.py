"""The database: engine and sessions, the game tables and the mail tables."""
