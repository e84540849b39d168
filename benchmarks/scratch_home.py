"""The guard of the scripts that run deja on the HOME they are given in the environment: they
refuse the account's real home (and an unset or empty HOME), so a slip never indexes or searches
the machine's own history.

    import scratch_home; scratch_home.require()
"""

import os
import pwd
import sys


def require() -> str:
    """HOME, when it is set and is not the account's own home directory; else exit with a line."""
    home = os.environ.get("HOME", "")
    real = pwd.getpwuid(os.getuid()).pw_dir
    if not home or os.path.realpath(home) == os.path.realpath(real):
        sys.exit(f"{os.path.basename(sys.argv[0])}: set HOME to a scratch directory holding a corpus "
                 f"(HOME=$(mktemp -d) ...), not {home or 'nothing'}")
    return home
