"""The invariant suite's Hypothesis settings come from the profiles registered in
``tests/conftest.py`` (``ci``, the default, derandomized; ``thorough``: 10 times the
examples, or ``HYPOTHESIS_THOROUGH_FACTOR`` times, drawn at random). Select with
``HYPOTHESIS_PROFILE=thorough``; each
property scales the profile's examples by its cost through
:func:`properties.strategies.suite_settings`.
"""
