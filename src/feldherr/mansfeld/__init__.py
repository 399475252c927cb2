"""Ernst von Mansfeld: a tactical dice game for 2-4 players (Markus Hagenauer)."""
