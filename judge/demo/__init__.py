"""The demonstration of ``make demo``: a whole multiverse game played by mail on loopback.

:mod:`judge.demo.rig` runs the judge, :mod:`judge.demo.mailer` writes its people's
mail, :mod:`judge.demo.scenario` is the game's script; :mod:`judge.demo.sample` is the
older demo (the sample standard game's reports, ``judge demo --sample``).
"""
