"""The parts of ``benchmarks/server.py``: the server processes it starts, the clients that play on
them, the client processes those clients run in, the figures it prints and its options."""
