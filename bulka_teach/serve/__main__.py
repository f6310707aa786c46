"""``python -m bulka_teach.serve lessons [--class=N]``: the app (``bulka_teach.serve.app``);
``python -m bulka_teach.serve tables [--port=P]``: the shared tables alone, e.g. as a JupyterHub service
(``bulka_teach.tables.web``); ``python -m bulka_teach.serve class [--port=P]``: the class alone, e.g. as a JupyterHub
service (``bulka_teach.classroom.service``). The last two need tornado and the engine, not Voilà."""
import sys

if sys.argv[1:2] == ["tables"]:
    from ..tables import web

    web.main(sys.argv[2:])
elif sys.argv[1:2] == ["class"]:
    from ..classroom import service

    service.main(sys.argv[2:])
else:
    from .app import main

    main()
