"""``python -m judge.mail run|quarantine ...``."""

import sys

from judge.mail.cli import main

sys.exit(main())
