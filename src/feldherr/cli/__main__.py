"""``python -m feldherr.cli`` is the ``feldherr`` command."""

import sys

from feldherr.cli import main

sys.exit(main())
