"""simsuite: seeded batch simulation and balance analytics for board games."""
__version__ = "0.1.0"
