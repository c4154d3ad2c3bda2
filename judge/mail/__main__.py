"""``python -m judge.mail run|quarantine ...``."""

import sys

from judge.cli.mail import main

sys.exit(main())
