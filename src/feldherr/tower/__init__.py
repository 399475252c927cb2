"""The Wallenstein cube tower: a physical simulation, a fitted fast model, battle odds, and fitting
to drops recorded at a real tower (docs/tower.md)."""
