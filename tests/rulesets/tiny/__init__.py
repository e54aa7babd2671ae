"""A ruleset in a few lines, outside battlemap/: proof that a ruleset is one package."""
