"""Tests of Imperial Settlers (``imperial_settlers_rules``): one test per rule ID at least."""
