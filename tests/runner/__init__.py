"""Runner tests (a package, so that its conftest does not shadow another folder's)."""
