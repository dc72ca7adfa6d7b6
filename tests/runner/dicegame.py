"""The dice game package (tests/games/dice) under the short module name the runner tests'
scenarios use (`game = "dicegame:DiceGame"`, policy `dicegame:Cautious`)."""
from simsuite.games.dice.spec import TURN_CAP, Cautious, DiceConfig, DiceGame  # noqa: F401
