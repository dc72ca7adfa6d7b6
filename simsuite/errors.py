"""User-facing errors: one line naming the problem and the fix, never a traceback."""
from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (scenario, data file, argument).

    The message is one line: what is wrong, where, and how to fix it. The CLI
    prints it as `error: <message>` and exits with status 2.
    """

    def __init__(self, message: str):
        message = " ".join(str(message).split())  # always one line
        super().__init__(message)
        self.message = message
