"""Many games: the Monte Carlo runner (``montecarlo``), its statistics (``stats``),
precision on demand (``precision``: ``--until-ci``), two runs compared (``compare``) and
grids of settings (``sweep``)."""
