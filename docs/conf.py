"""Sphinx configuration of the omaha documentation site.

Build it with ``sphinx-build -W --keep-going -q -b html docs docs/_build/html``
after ``pip install -e ".[docs]"`` (the extensions must be built: autodoc
imports the package).

One page per public module under ``api/``, each an ``automodule`` with
``:members:`` (the members are the module's ``__all__``). A name that a module
re-exports from another public module is documented once, at its home module
(the one that defines it and lists it in ``__all__``); elsewhere it is skipped
(``_skip_reexports``), and the packages ``omaha``, ``omaha.files`` and ``omaha.phh`` list their
re-exports as links (the ``omaha-exports`` directive), and references to a re-exported name
(``omaha.Table``) resolve to its home (``_resolve_reexports``). Names whose home is a
private module (``omaha._eval``...) are documented where they are re-exported.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import omaha

HERE = Path(__file__).parent
logger = logging.getLogger(__name__)

project = "omaha"
author = "The omaha developers"
copyright = "The omaha developers"
release = version = omaha.__version__

extensions = [
    "sphinx.ext.autodoc",
    "numpydoc",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

try:
    import furo  # noqa: F401
except ImportError:  # the built-in theme, where furo is not installed
    html_theme = "alabaster"
else:
    html_theme = "furo"
html_title = f"omaha {release}"

# ------------------------------------------------------------------ autodoc

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": True}

# ----------------------------------------------------------------- numpydoc

# The class docstrings list their attributes and methods in their own words;
# numpydoc's generated member tables would repeat every autodoc entry.
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
# Examples are doctests run by pytest: shown as they are, not re-plotted.
numpydoc_use_plots = False

# -------------------------------------------------------------------- MyST

myst_enable_extensions = ["colon_fence"]
# Headings get anchors, so that README's and the rule pages' sections can be linked.
myst_heading_anchors = 3


# ------------------------------------------------- one home for every name


def _public_modules() -> list[str]:
    """Every public module of the package (``omaha.cli`` is the command, not API)."""
    names = ["omaha"]
    for info in pkgutil.walk_packages(omaha.__path__, "omaha."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts) or info.name.startswith("omaha.cli"):
            continue
        names.append(info.name)
    return sorted(names)


PUBLIC = _public_modules()
PACKAGES = {"omaha", "omaha.files", "omaha.phh"}  # namespaces that gather names from their modules


def _home(module: str, name: str) -> str:
    """Return the public module whose page documents ``module.name``."""
    obj = getattr(importlib.import_module(module), name)
    defined = getattr(obj, "__module__", None)
    if (
        (inspect.isclass(obj) or inspect.isfunction(obj))
        and defined in PUBLIC
        and name in getattr(importlib.import_module(defined), "__all__", ())
    ):
        return defined
    if module in PACKAGES:
        # Defined privately (or not exported where defined): the first module
        # that exports the very same object, else the package itself.
        for other in PUBLIC:
            if other in PACKAGES:
                continue
            mod = importlib.import_module(other)
            if name in getattr(mod, "__all__", ()) and getattr(mod, name) is obj:
                return other
    return module


def _page_module(app: Sphinx) -> str | None:
    docname = app.env.docname
    if docname.startswith("api/"):
        return docname.removeprefix("api/")
    return None


def _skip_reexports(
    app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any
) -> bool | None:
    """Skip a module member that another module's page documents; keep enum members."""
    if what == "class" and isinstance(obj, enum.Enum):
        return False  # HandCategory.FLUSH and the like: their value is their doc
    module = _page_module(app)
    if what != "module" or module not in PUBLIC or skip:
        return None
    mod = importlib.import_module(module)
    if name in getattr(mod, "__all__", ()) and _home(module, name) != module:
        return True
    return None


class OmahaExports(SphinxDirective):
    """A list of the names a package re-exports, each linked to its home page."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Parse the list as reStructuredText, one item per re-exported name."""
        module = self.arguments[0]
        mod = importlib.import_module(module)
        lines = []
        for name in mod.__all__:
            home = _home(module, name)
            if home == module:
                continue
            obj = getattr(mod, name)
            line = f"- :py:obj:`{name} <{home}.{name}>`"
            if inspect.isclass(obj) or inspect.isfunction(obj):  # data has its type's doc
                summary = (inspect.getdoc(obj) or "").strip().split("\n\n")[0]
                line += " -- " + " ".join(summary.split())
            lines.append(line)
        content = StringList(lines, source=f"omaha-exports of {module}")
        node = nodes.container()
        self.state.nested_parse(content, self.content_offset, node)
        return node.children


def _home_target(target: str) -> str | None:
    """Rewrite a dotted name through a re-export to its home (``omaha.Table.deal``)."""
    parts = target.split(".")
    for i in range(len(parts) - 1, 0, -1):
        module = ".".join(parts[:i])
        if module not in PUBLIC:
            continue
        name, mod = parts[i], importlib.import_module(module)
        if name in getattr(mod, "__all__", ()):
            home = _home(module, name)
        else:  # imported for its own use (omaha.cards' DuplicateCardError)
            obj = getattr(mod, name, None)
            home = getattr(obj, "__module__", None) if inspect.isclass(obj) else None
            if home not in PUBLIC or name not in importlib.import_module(home).__all__:
                return None
        return None if home == module else ".".join([home, *parts[i:]])
    return None


def _resolve_reexports(
    app: Sphinx, env: Any, node: Any, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve a reference to a name through a module that re-exports it.

    ``omaha.Table``, or ``HandHistory`` in the docstrings of ``omaha.phh``,
    links to the page that documents it.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    candidates = [target]
    if node.get("py:module"):
        candidates.append(f"{node['py:module']}.{target}")
    for candidate in candidates:
        home = _home_target(candidate)
        if home is not None:
            domain = env.get_domain("py")
            return domain.resolve_xref(  # type: ignore[no-any-return]
                env, node["refdoc"], app.builder, node["reftype"], home, node, contnode
            )
    return None


def _check_pages(app: Sphinx) -> None:
    """Every public module has its page (a new module fails the -W build until it has)."""
    pages = {p.stem for p in (HERE / "api").glob("*.rst")}
    for module in PUBLIC:
        if module not in pages:
            logger.warning("public module %s has no page docs/api/%s.rst", module, module)
    for page in sorted(pages - set(PUBLIC)):
        logger.warning("docs/api/%s.rst documents no public module", page)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the hooks and the directive of this site."""
    app.connect("autodoc-skip-member", _skip_reexports)
    app.connect("builder-inited", _check_pages)
    app.connect("missing-reference", _resolve_reexports)
    app.add_directive("omaha-exports", OmahaExports)
    return {"parallel_read_safe": True}
