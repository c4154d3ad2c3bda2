"""Time: deadline arithmetic, the timing grammar, a game's clock and the pure planner."""
