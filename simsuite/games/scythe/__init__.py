"""Scythe (rulebook 000) and its solo opponent, the Automa (rulebook 003), as one game package.

Everything of the game lives here: the spec (`spec.py`, solo play a parameter set of it),
the dataset declaration (`schema.py`), data files and loaders (`data/`, `data.py`,
`automa_data.py`), the compiled policies' table (`policies.py`), labels and the readable log
(`game.py`), its own reports (`reports/`) and bench workloads (`bench.py`); its compiled core
is ext/scythe/ (built as simsuite._scythe) and its scenarios are in scenarios/scythe/.
"""
GAME = "scythe"
SPEC = "simsuite.games.scythe.spec:ScytheSpec"
POLICIES = "simsuite.games.scythe.policies"
ALIASES = ("scythe-automa",)   # older solo scenarios named the game so
