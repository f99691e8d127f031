"""Many games: the Monte Carlo runner and its statistics."""
