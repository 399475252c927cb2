"""The rules of Wallenstein: setup, flow, planning, actions, battles, winter and the modules.
They act on :class:`feldherr.wallenstein.state.WallensteinState`; none imports the layers above
(game, info, codec, text, bots)."""
