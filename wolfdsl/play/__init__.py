"""Playing one game: the engine, agents, results, the event log and seeds."""
