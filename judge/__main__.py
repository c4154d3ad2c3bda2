"""``python -m judge`` runs the console script."""

import sys

from judge.cli import main

sys.exit(main())
