"""Build hook for the optional C extensions; all metadata lives in pyproject.toml.

Every extension is optional: where one does not compile, the install goes on and the pure-Python
code is used (the same results, only slower):

* ``feldherr.core._cfast``: the generator (:class:`feldherr.core.rng.Rng`) and state copying;
* ``feldherr.wallenstein._cobserve``: the Wallenstein observation (``info.observe``);
* ``feldherr.mansfeld._cplayout``: the Mansfeld random playout;
* ``feldherr.mansfeld._cobserve``: the Mansfeld observation (``info.observe``);
* ``feldherr.elgrande._cobserve``: the El Grande observation (``info.observe``).
"""

from setuptools import Extension, setup

SHARED = ["src/feldherr/core"]
"""Where the observation kernels find ``_slots.h`` (a state's fields read straight from its slots)
and ``_ndarray.h`` (a numpy array's memory without the buffer protocol)."""
SLOTS = ["src/feldherr/core/_slots.h", "src/feldherr/core/_ndarray.h"]

setup(
    ext_modules=[
        Extension(
            "feldherr.core._cfast",
            ["src/feldherr/core/_cfast.c"],
            depends=["src/feldherr/core/_ndarray.h"],
            optional=True,
        ),
        Extension(
            "feldherr.wallenstein._cobserve",
            ["src/feldherr/wallenstein/_cobserve.c"],
            include_dirs=SHARED,
            depends=SLOTS,
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
            include_dirs=SHARED,
            depends=SLOTS,
            optional=True,
        ),
        Extension(
            "feldherr.elgrande._cobserve",
            ["src/feldherr/elgrande/_cobserve.c"],
            include_dirs=SHARED,
            depends=SLOTS,
            optional=True,
        ),
    ]
)
