"""The class on its own, as a JupyterHub service: ``python -m bulka_teach.serve class``.

On JupyterHub every student has a Jupyter server of their own, so the class cannot live in any one of them: this
serves the class's routes (``web.class_routes``) alone, under the hub's proxy, for every student's pages. Started by
JupyterHub as a service, it reads the hub's environment: ``JUPYTERHUB_SERVICE_URL`` (where to listen) and
``JUPYTERHUB_SERVICE_PREFIX`` (its base URL); and the class's own: ``BULKA_CLASS_DB`` (a ``postgresql://`` URL, or a
SQLite file in the hub's pod), ``BULKA_TEACHER_TOKEN`` and ``BULKA_CLASS_SEAL`` — the key the students' kernels seal
their games of the class deal with, which their servers must be given too (with ``BULKA_CLASS_PATH``, where their
pages record: ``/services/<name>/bulka/class/api/``).
"""
from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
from collections.abc import Sequence

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.web import Application

from ..links import hub_service_parser
from ..seals import SEAL_ENV
from .store import open_store
from .web import DB_ENV, DEFAULT_DB, PREFIX, TEACHER_ENV, Classroom, class_routes

log = logging.getLogger("bulka_teach.classroom")


def arguments(argv: Sequence[str], env: dict[str, str]) -> argparse.Namespace:
    """The command line, its defaults read from a JupyterHub service's environment when there is one."""
    parser = hub_service_parser("python -m bulka_teach.serve class", "Serve a class's names, progress, class deal "
                                "and teacher's page.", 8871, "the class is", env)
    return parser.parse_args(list(argv))


def make_classroom(env: dict[str, str]) -> Classroom:
    """The store, the teacher's token (a new one unless set) and the seal key, from the environment."""
    seal_key = env.get(SEAL_ENV, "")
    if not seal_key:
        log.warning("%s is not set: no game of the class deal can reach the results board (give the service and the "
                    "students' servers the same key)", SEAL_ENV)
    return Classroom(open_store(env.get(DB_ENV) or DEFAULT_DB), env.get(TEACHER_ENV) or secrets.token_urlsafe(24),
                     seal_key)


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the class on its own until interrupted."""
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    env = dict(os.environ)
    args = arguments(sys.argv[1:] if argv is None else argv, env)
    classroom = make_classroom(env)
    HTTPServer(Application(class_routes(classroom, args.base_url)), xheaders=True).listen(args.port, args.ip)
    teacher = args.base_url.rstrip("/") + "/" + PREFIX + "teacher"
    log.info("The class's data: %s (%s)", classroom.store.where, DB_ENV)
    log.info("The teacher's page: <the hub's address>%s?token=%s (here: http://%s:%d%s)", teacher,
             classroom.teacher_token, args.ip, args.port, teacher)
    try:
        IOLoop.current().start()
    except KeyboardInterrupt:
        log.info("Stopping the class")
    finally:
        classroom.store.close()
