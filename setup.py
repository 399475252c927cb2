"""Build hook for the optional C extensions; all metadata lives in pyproject.toml.

Both extensions are optional: where one does not compile, the install goes on and the pure-Python
code is used (the same results, only slower):

* ``feldherr.core._cfast``: the generator (:class:`feldherr.core.rng.Rng`) and state copying;
* ``feldherr.mansfeld._cplayout``: the Mansfeld random playout.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "feldherr.core._cfast",
            ["src/feldherr/core/_cfast.c"],
            optional=True,
        ),
        Extension(
            "feldherr.wallenstein._cobserve",
            ["src/feldherr/wallenstein/_cobserve.c"],
            optional=True,
        ),
        Extension(
            "feldherr.mansfeld._cplayout",
            ["src/feldherr/mansfeld/_cplayout.c"],
            optional=True,
        ),
        Extension(
            "feldherr.mansfeld._cobserve",
            ["src/feldherr/mansfeld/_cobserve.c"],
            optional=True,
        ),
    ]
)
