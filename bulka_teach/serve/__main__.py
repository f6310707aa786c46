"""``python -m bulka_teach.serve lessons [--class=N]``: the app (``bulka_teach.serve.app``);
``python -m bulka_teach.serve tables [--port=P]``: the shared tables alone, e.g. as a JupyterHub service
(``bulka_teach.tables.web``), which needs tornado and the engine, not Voilà."""
import sys

if sys.argv[1:2] == ["tables"]:
    from ..tables import web

    web.main(sys.argv[2:])
else:
    from .app import main

    main()
