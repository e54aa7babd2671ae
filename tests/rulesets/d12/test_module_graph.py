"""d12's modules import one another in one direction only: small functions over explicit state.

Every import counts, those under TYPE_CHECKING and inside functions too (read by ast, as
tests/test_layers.py reads the layers): the rules that once edited each other's dictionaries
around shared fight objects now take a `Fight` (context.py) and keep their memory in the state
(reducers.py), so the graph has no cycle.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import battlemap.rulesets.d12 as d12_package

PACKAGE = Path(d12_package.__file__).parent
PREFIX = "battlemap.rulesets.d12"


def _imports(path: Path) -> set[str]:
    """The d12 modules `path` imports, by module name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # "from battlemap.rulesets.d12 import movement" names a module too.
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.ImportFrom):
            raise AssertionError(f"{path.name}: a relative import; the graph reads absolute ones")
        else:
            continue
        for name in names:
            if name.startswith(f"{PREFIX}."):
                module = name.removeprefix(f"{PREFIX}.").split(".")[0]
                if (PACKAGE / f"{module}.py").is_file():
                    found.add(module)
    return found


def _graph() -> dict[str, set[str]]:
    return {
        path.stem: _imports(path) - {path.stem}
        for path in sorted(PACKAGE.glob("*.py"))
        if path.stem != "__init__"
    }


def test_the_d12_modules_import_each_other_without_a_cycle() -> None:
    graph = _graph()
    assert len(graph) >= 15, sorted(graph)
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"d12 modules import each other in a loop: {error.args[1]}") from None
    assert order[-1] == "ruleset"


def test_the_rules_sit_in_layers() -> None:
    """The dispatcher above the movement, opportunity and readiness rules; blows below them;
    what they share (the fight's facts, its state memory, the tables) at the bottom."""
    graph = _graph()
    below = {
        "fight": {"actions", "readiness", "context"},
        "actions": {"movement", "readiness", "combat", "acting"},
        "movement": {"opportunity", "acting"},
        "opportunity": {"combat", "reducers"},
        "readiness": {"acting", "reducers"},
        "combat": {"context", "reducers"},
    }
    for module, needs in below.items():
        assert needs <= graph[module], (module, sorted(graph[module]))
    for leaf in ("tables", "clock", "ids", "fixed_rolls"):
        assert graph[leaf] <= {"clock"}, (leaf, sorted(graph[leaf]))
    # Nothing below the dispatcher reaches up to it, or to the fight that starts it.
    for module in ("movement", "opportunity", "readiness", "combat", "acting", "reducers"):
        assert not graph[module] & {"actions", "fight", "ruleset"}, module
