"""The rules, one module per part of the game."""
