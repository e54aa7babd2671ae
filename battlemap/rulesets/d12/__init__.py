"""The d12 Combat System (shared/seeds/000): 12 half-second units a round, counted 12 to 1."""
