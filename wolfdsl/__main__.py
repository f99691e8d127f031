"""``python -m wolfdsl``: the same as the ``wolfdsl`` command."""
from wolfdsl.cli import main

main()
