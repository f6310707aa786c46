"""Classmates at one table: the server's side of shared tables, where two to five students play each other from
their own devices, each seeing only their own cards.

- ``seating``: the authority for one table (its game, seats, students, the computer's seats, what each seat sees);
- ``service``: the tables of one server by their short codes, and each connection's bounded messages;
- ``protocol``: the addresses, the secret's header and the messages the server and its clients share;
- ``web``: the same over HTTP and websockets (tornado), mounted in the app server or run on its own.

The clients are the students' kernels (``bulka_teach.table.table_client``), never their browsers: each kernel holds
one seat's connection and receives only that seat's view. Nothing here imports Jupyter.
"""
