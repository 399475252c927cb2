"""El Grande (Kramer & Ulrich, 2023 German edition): engine, bots and data."""
