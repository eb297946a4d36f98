"""Every exception the package defines is an ``OmahaError`` of ``omaha.errors`` (issue 20).

The package's modules are all imported and every exception class found in
them is checked: it must be defined in :mod:`omaha.errors` and be an
:class:`~omaha.errors.OmahaError` (a warning, an :class:`~omaha.errors.HandSkippedWarning`,
is the one other kind). The compiled core's two internal errors, which the
Python layer always re-raises as :class:`~omaha.errors.InvalidCardError`,
are the exceptions to the rule, named here.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import omaha
from omaha import errors

INTERNAL = {"omaha._eval.CardError", "omaha._eval.NotCodes"}
"""Raised inside the core and caught by omaha.evaluator/omaha.cards, never to a caller."""


def _modules() -> list[object]:
    out: list[object] = [omaha]
    for info in pkgutil.walk_packages(omaha.__path__, "omaha."):
        if info.name == "omaha.__main__":
            continue  # runs the command line on import
        out.append(importlib.import_module(info.name))
    return out


def test_every_exception_class_is_an_omaha_error_from_errors() -> None:
    found = {}
    for module in _modules():
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__.startswith("omaha"):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    assert len(found) > 20  # the walk saw the package
    strays = sorted(
        name
        for name, cls in found.items()
        if name not in INTERNAL
        and (cls.__module__ != "omaha.errors" or not issubclass(cls, errors.OmahaError | Warning))
    )
    assert strays == []
    assert set(INTERNAL) <= set(found)  # the exceptions named above still exist


def test_an_amount_error_is_a_history_readers_omaha_error() -> None:
    from omaha.history.notation import AmountError, parse_money

    assert AmountError is errors.AmountError
    try:
        parse_money("$1.2.3x")
    except errors.OmahaError as exc:
        assert isinstance(exc, AmountError) and "1.2.3x" in str(exc)
    else:
        raise AssertionError("'$1.2.3x' was read as an amount")
