"""Imperial Settlers (rulebook: shared/seeds/002_211e46a86949b0b5.txt, Russian) and its solo
mode, as one game package.

Everything of the game lives here: the spec (`spec.py`; the solo mode is the `[solo]`
parameter set of it), the dataset declaration (`schema.py`), the card data and its loader
(`data/`, `data.py`), the compiled policies' table (`policies.py`), the `simsuite play` hooks
(`play.py`), bench workloads (`bench.py`) and its own reports (`reports/`). Its compiled core
is ext/imperial_settlers/ (built as simsuite._imperial_settlers); its scenarios are in
scenarios/imperial-settlers/. STATUS.md says what is implemented and what is provisional.
"""
GAME = "imperial-settlers"
SPEC = "simsuite.games.imperial_settlers.spec:SettlersSpec"
POLICIES = "simsuite.games.imperial_settlers.policies"
ALIASES = ("imperial_settlers",)
