"""``python -m judge`` runs the console script."""

import sys

from judge.cli.main import main

sys.exit(main())
