"""The Wallenstein cube tower: the model used in games (:mod:`.model`), the registry of models
(:mod:`.registry`), a physical simulation, a fitted fast model, battle odds, and fitting to drops
recorded at a real tower (docs/tower.md)."""
