"""Game masters: who may steer games, and the OpenPGP signatures that prove it."""
