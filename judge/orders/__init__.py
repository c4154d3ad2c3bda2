"""Orders: reading text into orders and checking them (``text``), what a stored order
is for (``keys``), and orders as data for the database and the reports (``data``)."""
