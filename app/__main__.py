"""`python -m app` runs the `daimyo` command."""

import sys

from app.cli import main

sys.exit(main())
