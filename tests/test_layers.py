"""The layers below ui/ never import Qt: core, rulesets, geometry and storage stay pure Python.

Two checks: a static one that reads every source file (so an import inside a function that no
test calls is still caught), and a dynamic one that imports every module in a clean interpreter
(so Qt pulled in through another library is caught too).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "battlemap"
PURE_LAYERS = ("core", "rulesets", "geometry", "storage", "play")
#: Modules beside the layers that sit below the window too: the one validation every loader
#: goes through, used by `battlemap simulate` without a display.
PURE_MODULES = ("loading",)
QT_PACKAGES = frozenset({"PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6"})


def _layer_sources() -> list[Path]:
    return sorted(
        [
            path
            for layer in PURE_LAYERS
            if (PACKAGE / layer).is_dir()
            for path in (PACKAGE / layer).rglob("*.py")
        ]
        + [PACKAGE / f"{module}.py" for module in PURE_MODULES]
    )


def _qt_imports(path: Path) -> list[str]:
    """Each import of a Qt package in `path`, as "file:line: statement"."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        if any(name.split(".")[0] in QT_PACKAGES for name in names):
            where = f"{path.relative_to(REPO)}:{node.lineno}"
            found.append(f"{where}: {ast.get_source_segment(source, node)}")
    return found


def test_pure_layers_have_no_qt_import_statements() -> None:
    sources = _layer_sources()
    assert sources, f"no .py files under battlemap/{{{','.join(PURE_LAYERS)}}}: nothing checked"

    offenders = [found for path in sources for found in _qt_imports(path)]

    assert not offenders, "Qt imported outside battlemap/ui:\n" + "\n".join(offenders)


# Runs in a fresh interpreter: this test process already has Qt loaded by pytest-qt. Modules are
# imported one at a time so the first one that brings Qt in can be named.
_IMPORT_ALL = """
import importlib, json, pkgutil, sys
layers, modules, qt = json.loads(sys.argv[1])

def raise_error(name):
    raise

def qt_loaded():
    return sorted({m.split(".")[0] for m in sys.modules} & set(qt))

checked, culprit = [], None
for layer in layers:
    package = importlib.import_module("battlemap." + layer)
    names = [package.__name__] + [
        info.name
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".", raise_error)
    ]
    for name in names:
        importlib.import_module(name)
        checked.append(name)
        if culprit is None and qt_loaded():
            culprit = name
for name in modules:
    importlib.import_module("battlemap." + name)
    checked.append("battlemap." + name)
    if culprit is None and qt_loaded():
        culprit = "battlemap." + name
print(json.dumps({"checked": checked, "qt": qt_loaded(), "culprit": culprit}))
"""


def test_importing_pure_layers_loads_no_qt() -> None:
    layers = [layer for layer in PURE_LAYERS if (PACKAGE / layer).is_dir()]

    completed = subprocess.run(
        [
            sys.executable,
            "-c",
            _IMPORT_ALL,
            json.dumps([layers, list(PURE_MODULES), sorted(QT_PACKAGES)]),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )

    assert completed.returncode == 0, f"importing the pure layers failed:\n{completed.stderr}"
    result = json.loads(completed.stdout.splitlines()[-1])
    modules = [name for name in result["checked"] if name.count(".") > 1]
    assert modules, f"no modules found under {layers}: nothing checked"
    assert all(f"battlemap.{name}" in result["checked"] for name in PURE_MODULES)
    assert not result["qt"], (
        f"importing {result['culprit']} loaded Qt outside battlemap/ui: {result['qt']}"
    )


_RULESET_PACKAGES = [
    ["battlemap", "rulesets", folder.name]
    for folder in (PACKAGE / "rulesets").iterdir()
    if (folder / "__init__.py").is_file()
]


def _ruleset_package_imports(path: Path) -> list[str]:
    """Each import of one ruleset's own package (battlemap.rulesets.d12, ...) in `path`."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        if any(name.split(".")[:3] in _RULESET_PACKAGES for name in names):
            found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    return found


def test_only_the_ruleset_registry_names_a_ruleset() -> None:
    """The window, the core, geometry and storage reach rules only through the Ruleset seam, so
    the next ruleset plugs in without touching them."""
    sources = sorted(
        [
            path
            for layer in ("ui", "core", "geometry", "storage", "play")
            for path in (PACKAGE / layer).rglob("*.py")
        ]
        + [PACKAGE / f"{module}.py" for module in (*PURE_MODULES, "cli")]
    )
    assert len(sources) > 50, "the layers were not found: nothing checked"

    offenders = [found for path in sources for found in _ruleset_package_imports(path)]

    assert not offenders, "a ruleset imported directly:\n" + "\n".join(offenders)


def test_the_loading_module_sits_below_the_window() -> None:
    """battlemap/loading.py may use storage, rulesets and core, never the window: the command
    line imports it without a display."""
    path = PACKAGE / "loading.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    imported = [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("battlemap")
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name.startswith("battlemap")
    ]
    layers = {name.split(".")[1] for name in imported}

    assert imported, "loading.py imports nothing of battlemap: nothing checked"
    assert layers <= {"core", "rulesets", "storage"}, sorted(layers)
