"""Rurik: Dawn of Kiev (rulebook 001) and its solo mode against the Rebels, as one game package.

Everything of the game lives here: the spec (`spec.py`; the solo mode is a parameter set of it,
a scenario's `[solo]` table), the dataset declaration (`schema.py`), data files and loader
(`data/`, `data.py`), the compiled policies' table (`policies.py`), the `simsuite play` hooks
(`play.py`) and bench workloads (`bench.py`); its compiled core is ext/rurik/ (built as
simsuite._rurik) and its scenarios are in scenarios/rurik/. STATUS.md says what is done.
"""
GAME = "rurik"
SPEC = "simsuite.games.rurik.spec:RurikSpec"
POLICIES = "simsuite.games.rurik.policies"
