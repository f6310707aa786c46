"""A learner's progress: what each lesson page and practice table tells the learner's own browser (``browser``).

A room of its own, beside the table and the shared tables: the start page shows the progress board without
importing the table, the games or the bots (a start page is the page every visitor opens first).
"""
