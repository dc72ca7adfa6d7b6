"""Every test process (and the worker processes and subprocesses it starts) finds the test
game packages in tests/games, as a user's own game would be found: through SIMSUITE_GAME_PATH."""
from __future__ import annotations

import os
from pathlib import Path

GAMES = str(Path(__file__).resolve().parent / "games")
os.environ["SIMSUITE_GAME_PATH"] = os.pathsep.join(
    [GAMES] + [p for p in os.environ.get("SIMSUITE_GAME_PATH", "").split(os.pathsep) if p and p != GAMES])

from simsuite.games import add_game_path  # noqa: E402

add_game_path(GAMES)
