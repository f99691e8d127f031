"""Human-facing text: narration of a game."""
