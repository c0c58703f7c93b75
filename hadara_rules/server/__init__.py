"""The game server, under the name it had before the platform became a package of its own:
see :mod:`boardtable.server`."""
