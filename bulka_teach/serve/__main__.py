"""``python -m bulka_teach.serve lessons [--class=N]``: see ``bulka_teach.serve.app``."""
from .app import main

main()
