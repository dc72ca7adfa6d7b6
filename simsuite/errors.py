"""User-facing errors: one line naming the problem and the fix, never a traceback."""
from __future__ import annotations

import importlib
from typing import Any


class UserError(Exception):
    """Bad input from the user (scenario, data file, argument).

    The message is one line: what is wrong, where, and how to fix it. The CLI
    prints it as `error: <message>` and exits with status 2.
    """

    def __init__(self, message: str):
        message = " ".join(str(message).split())  # always one line
        super().__init__(message)
        self.message = message


def import_named(target: str, what: str, import_fix: str) -> Any:
    """The object `package.module:name` names (a user's game spec or policy class), with a
    one-line UserError starting with `what` when its module cannot be imported (`import_fix`
    says what to do) or has no such name."""
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise UserError(f"{what}: cannot import module {module_name!r} ({err}); {import_fix}")
    obj = getattr(module, attr, None)
    if obj is None:
        raise UserError(f"{what}: module {module_name!r} has no {attr!r}; "
                        "check the name after the colon")
    return obj
