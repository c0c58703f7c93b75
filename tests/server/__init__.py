"""The tests of ``hadara serve``."""
