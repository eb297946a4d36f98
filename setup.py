"""Build the compiled core ``omaha._eval``; all metadata lives in pyproject.toml."""

import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("OMAHA_DEBUG_CYTHON") == "1"

if sys.platform == "win32":
    compile_args = ["/O2"]
else:
    # The flags a shipped wheel uses: no -march=native. Unrolling the short
    # fixed-count loops of the kernels (pairs, triples, cards) cut the
    # instructions of select_rows by about 6% (callgrind).
    compile_args = ["-O3", "-funroll-loops"]
if os.environ.get("OMAHA_NATIVE") == "1" and sys.platform != "win32":
    compile_args.append("-march=native")

directives = {
    "language_level": 3,
    "binding": True,
    "embedsignature": True,
    "wraparound": False,
    "cdivision": True,
    "boundscheck": DEBUG,
    "initializedcheck": DEBUG,
    "freethreading_compatible": True,
}

extensions = [
    Extension(
        "omaha._eval",
        ["src/omaha/_eval.pyx"],
        extra_compile_args=compile_args,
    ),
    Extension(
        "omaha._cardtext",
        ["src/omaha/_cardtext.pyx"],
        extra_compile_args=compile_args,
    ),
    Extension(
        "omaha.files._textio",
        ["src/omaha/files/_textio.pyx"],
        extra_compile_args=compile_args,
    ),
    Extension(
        "omaha._equity",
        ["src/omaha/_equity.pyx"],
        extra_compile_args=compile_args,
    ),
    Extension(
        "omaha._flops",
        ["src/omaha/_flops.pyx"],
        extra_compile_args=compile_args,
    ),
]

# Translate and compile the five extensions side by side, one per core: the
# wheel builds of CI's three interpreters each took about two minutes one at a
# time. (Windows keeps one process: Cython's pool there needs a main guard.)
JOBS = 1 if sys.platform == "win32" else max(1, min(len(extensions), os.cpu_count() or 1))

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        annotate=os.environ.get("OMAHA_ANNOTATE") == "1",
        nthreads=JOBS if JOBS > 1 else 0,
    ),
    options={"build_ext": {"parallel": JOBS}},
)
