"""Imperial Settlers' own reports (found by file name by simsuite/reporting/registry.py)."""
