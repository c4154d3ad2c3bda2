"""Orders as players write them: reading text into orders, checking them, what is owed."""
