"""Wallenstein (Queen Games, big box edition): the engine, its information layer, texts and bots.

See docs/games/wallenstein.md for the layout of this package."""
