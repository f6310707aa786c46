"""Czech Bulka: the Mariáš-pack game for 2–3 players with a bank won by three wins in a row."""
