"""Imperial Settlers (rulebook: shared/seeds/002_211e46a86949b0b5.txt): data and loader.

The compiled core is simsuite._imperial_settlers (ext/imperial_settlers/). The game is not
registered in simsuite.games yet (phase 2 of issue #17).
"""
