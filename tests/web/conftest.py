"""The web tests play games through the end-to-end rig: its fixtures serve here too."""

from tests.e2e.conftest import master_key  # noqa: F401  (the game master's real key)
