"""Build hook for the optional C extension; all metadata lives in pyproject.toml.

``feldherr.mansfeld._cplayout`` (the Mansfeld random playout in C) is optional: where it does not
compile, the install goes on and the pure-Python playout is used.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "feldherr.mansfeld._cplayout",
            ["src/feldherr/mansfeld/_cplayout.c"],
            optional=True,
        )
    ]
)
