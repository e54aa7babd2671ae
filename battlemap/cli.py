"""The `battlemap` command: `battlemap [FILE]` opens the app; `simulate FILE` runs a fight headless.

Standard output carries only the event log (JSON lines, or sentences with --text); every
message goes to standard error. Bad input exits with status 2 and one line naming the file,
the place in it and the problem; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import json.encoder
import sys
import traceback
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from battlemap import __version__
from battlemap.core.decisions import ChoiceRequest, defaults, never_ask
from battlemap.core.errors import BattlemapError
from battlemap.core.events import Event, JsonValue
from battlemap.loading import load_checked
from battlemap.play.session import FightModel, QuietListener
from battlemap.rulesets import available, get_ruleset
from battlemap.rulesets.base import opportunities_of

if TYPE_CHECKING:
    from battlemap.core.narration import Narrator

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list[:1] == ["simulate"]:
            args = _simulate_parser(args_list[1:]).parse_args(args_list[1:])
            return simulate(
                args.file,
                seed=args.seed,
                rounds=args.rounds,
                text=args.text,
                decline=frozenset(args.decline or ()),
            )
        app_args = _app_parser().parse_args(args_list)
        return open_app(app_args.encounter)
    except BattlemapError as error:
        print(f"battlemap: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # `battlemap simulate ... | head` closed the pipe: not an error worth a word.
        sys.stderr.close()
        return EXIT_OK
    except Exception:  # a bug: tell the user where the details are, not a traceback
        report = _write_crash_report()
        print(
            f"battlemap: internal error, sorry. Details were saved to {report}; "
            "please attach that file to a bug report.",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def open_app(file: str | None) -> int:
    """Open the window (Qt is imported only here, so `simulate` runs without a display)."""
    from battlemap.ui.app import run_app

    return run_app(file)


def simulate(
    file: str,
    *,
    seed: int | None,
    rounds: int | None,
    text: bool,
    out: TextIO | None = None,
    decline: Collection[str] = (),
) -> int:
    """Run the encounter in `file` and print its event log.

    A file holding a fight so far (its `log`) goes on from it: the saved decisions are replayed
    by key, never rolled again, and the fight continues as it would have played straight
    through. `seed` None means the file's own seed. Every opportunity is taken but those whose
    kind is in `decline` (`--no-aoo`)."""
    out = out if out is not None else sys.stdout
    encounter = load_checked(file)  # the file, then its rules: the window loads the same way
    ruleset = get_ruleset(encounter.ruleset, file)

    def policy(request: ChoiceRequest) -> bool:
        # The headless default takes every opportunity; declined ones are still logged.
        return request.kind not in decline

    if seed is not None:
        encounter = dataclasses.replace(encounter, seed=seed)
    # The same model as the window's: a saved log is replayed by key and the fight goes on.
    fight = FightModel(encounter, never_ask, policy, listener=_Notices(), respond=defaults)
    if rounds is not None:
        # Stop before the first moment of round rounds + 1.
        finished = fight.play_out(before=ruleset.clock.round_start(rounds + 1))
    else:
        finished = fight.play_out()
    engine = fight.engine
    assert engine is not None
    if not finished:  # headless runs ask nobody; a pending decision here is a bug
        raise AssertionError(f"headless run stopped at a decision: {engine.pending}")
    if rounds is not None and len(engine.log) == 0:
        begins = engine.clock.round_of(engine.next_time() or 0.0)
        print(
            f"battlemap: nothing happens by the end of round {rounds}: "
            f"the fight begins in round {begins}",
            file=sys.stderr,
        )
    narrator = None
    if text:
        from battlemap.core.narration import Narrator  # JSON lines, the usual output, need none

        opportunities = opportunities_of(ruleset)
        narrator = Narrator(encounter, ruleset.clock, ruleset.sentences, opportunities)
    write_log(engine.log, out, narrator)
    return EXIT_OK


class _Notices(QuietListener):
    """What the fight model has to say goes to standard error, one line each."""

    def notice(self, text: str) -> None:
        print(f"battlemap: {text}", file=sys.stderr)


def write_log(events: Iterable[Event], out: TextIO, narrator: Narrator | None) -> None:
    """Write `events` as JSON lines, or as sentences when a `narrator` is given.

    The lines are exactly `json.dumps(event.to_json())`, but one encoder serves them all and
    they go out in chunks: `json.dumps` builds a new encoder for every call, which was most of
    the cost of writing a 65,000-event log (tests/cli/test_write_log.py checks byte for byte).
    """
    encode = _line_encoder()
    chunk: list[str] = []
    for event in events:
        if narrator is None:
            chunk.append(encode(event.to_json()))
            chunk.append("\n")
        else:
            line = narrator.sentence(event)
            if line is not None:
                chunk.append(line)
                chunk.append("\n")
        if len(chunk) >= _CHUNK_LINES:
            out.write("".join(chunk))
            chunk.clear()
    out.write("".join(chunk))
    out.flush()


#: Lines (times two: each line and its newline) gathered before one write.
_CHUNK_LINES = 8192


def _line_encoder() -> Callable[[dict[str, JsonValue]], str]:
    """A function giving what `json.dumps` gives for an event's object, with one encoder kept.

    The C encoder `json.dumps` itself uses, with its default settings (ASCII only, ", " and
    ": ", NaN allowed), built once; without a circular-reference check, which an event's
    object (fresh, of JSON values from the engine or a file) never needs. Where Python has no
    C encoder, plain `json.dumps`.
    """
    # Not in the type stubs: the private C accelerator json.encoder imports when it can.
    make: Callable[..., Callable[[object, int], Iterable[str]]] | None = getattr(
        json.encoder, "c_make_encoder", None
    )
    if make is None:  # pragma: no cover - CPython always has it
        return json.dumps
    default = json.JSONEncoder().default
    iterencode = make(
        None, default, json.encoder.encode_basestring_ascii, None, ": ", ", ", False, False, True
    )

    def encode(obj: dict[str, JsonValue]) -> str:
        return "".join(iterencode(obj, 0))

    return encode


class _Parser(argparse.ArgumentParser):
    """argparse with our one-line error: "battlemap: <problem> (see battlemap --help)"."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"battlemap: {message} (see {self.prog} --help)\n")


def _app_parser() -> argparse.ArgumentParser:
    # Two parsers rather than subcommands: an optional FILE beside a `simulate` subcommand
    # would make argparse read "simulate" as the FILE.
    parser = _Parser(
        prog="battlemap",
        description="A battle map for game masters on the d12 Combat System's clock.",
        epilog="Run a fight headless: battlemap simulate FILE (see battlemap simulate --help).",
    )
    parser.add_argument("--version", action="version", version=f"battlemap {__version__}")
    parser.add_argument(
        "encounter",
        nargs="?",
        metavar="FILE",
        help="an encounter file to open (default: the demo on first launch, then the last file)",
    )
    return parser


#: The options `simulate` has whatever the rulesets: arguments using only these need no
#: ruleset's flags, so the parser is built without importing every ruleset (0.05 s of a run).
_OWN_OPTIONS = ("--seed", "--rounds", "--text")


def _simulate_parser(args: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `args` (None: whatever they are); with the rulesets' --no-<kind> flags
    unless `args` name no option but `_OWN_OPTIONS`, so that help and every mistake read as
    always."""
    sim = _Parser(
        prog="battlemap simulate",
        description="Run an encounter headless; the event log goes to standard output.",
    )
    sim.add_argument("file", metavar="FILE", help="an encounter file (JSON)")
    sim.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed for the dice (default: the file's seed, 0 if it has none)",
    )
    sim.add_argument("--rounds", type=int, default=None, metavar="N", help="stop after round N")
    sim.add_argument(
        "--text", action="store_true", help="print sentences for a person instead of JSON lines"
    )
    sim.set_defaults(decline=None)  # no --no-<kind> given, as when the flags are there
    if args is not None and all(
        not arg.startswith("-") or arg.split("=", 1)[0] in _OWN_OPTIONS for arg in args
    ):
        return sim
    # One --no-<kind> for each kind of opportunity the rulesets offer (d12: --no-aoo,
    # --no-intercept): the rulesets declare them, the command line only lists them.
    flags: dict[str, str] = {}
    for name in available():
        for opportunity in opportunities_of(get_ruleset(name)):
            flags.setdefault(opportunity.kind, f"{opportunity.decline_help} ({name})")
    for kind, help_text in flags.items():
        sim.add_argument(
            f"--no-{kind.replace('_', '-')}",
            dest="decline",
            action="append_const",
            const=kind,
            help=f"{help_text}; still logged, marked declined",
        )
    return sim


def _write_crash_report() -> Path:
    from battlemap.storage.crash_report import write_crash_report

    report = write_crash_report(traceback.format_exc())
    if report is None:
        traceback.print_exc()
        return Path("(standard error above)")
    return report
