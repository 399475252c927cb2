"""Wallenstein. The state module is loaded first: it binds the engine, which imports every rules
module, so any submodule can be imported first without meeting a half-loaded one."""

from feldherr.wallenstein import state as _state  # noqa: F401
