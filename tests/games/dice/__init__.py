"""The dice race: a tiny pure-Python game package for testing simsuite's shared machinery
(runner, dataset, conformance suite) without any compiled core.

It lives outside simsuite, in its own folder, and is found like any game package: this folder's
parent is on SIMSUITE_GAME_PATH (tests/conftest.py), so it imports as simsuite.games.dice.
"""
GAME = "dice"
SPEC = "simsuite.games.dice.spec:DiceGame"
