"""The pure adjudicator: positions and orders in, results and positions out.

Nothing in this package performs I/O or touches a database.

* :mod:`~judge.engine.units`: unit types (army, fleet, and a ruleset's own) and units;
* :mod:`~judge.engine.kinds`: the order-kind interface (legality, resolution hooks,
  canonical text, stable kind names); :mod:`~judge.engine.orders`: the standard kinds;
* :mod:`~judge.engine.resolver`: the shared Kruijswijk core of movement;
* :mod:`~judge.engine.rules`: :class:`~judge.engine.rules.EngineRules`, the hooks a
  ruleset supplies (``STANDARD`` plays the classic rules);
* :mod:`~judge.engine.turn`: a phase from one position to the next, through those hooks.
"""
