"""The app's server side: Voilà serving the lessons to a class (``python -m bulka_teach.serve``).

- ``xsrf``: the render page sets the ``_xsrf`` cookie its kernel-shutdown beacon needs, so a closed
  tab's kernel is shut down at once (on Voilà, and on jupyter_server as a server extension: Binder);
- ``app``: Voilà with a class mode (kernels prepared for that many students) and the lighter kernel;
- ``gate``, ``visitors``, ``kernels``: kernels bounded — each page request let in or answered with a sentence
  (a visitor's pages, the server's maximum, a contest deal's other tabs), a kernel whose page never connects
  shut down;
- ``kernel``: that kernel (IPython without the debugger and the history database), its memory capped (``memory``:
  ``--kernel-memory``), its errors and tracebacks kept in the server's log, the page given a sentence
  (``kernel_errors``).

Only ``kernel`` and ``kernel_errors`` run inside a kernel, ``memory`` in both; the others run in the server.
Nothing here imports a game or the table.
"""
