"""A class's shared data, on the server: the students' names, their answers and the class deal's results (``store``:
SQLite or PostgreSQL, with migrations). Knows no Jupyter: the app's server and a JupyterHub service both use it.
"""
