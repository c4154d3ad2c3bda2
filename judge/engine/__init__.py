"""The pure adjudicator: positions and orders in, results and positions out.

Nothing in this package performs I/O or touches a database.
"""
