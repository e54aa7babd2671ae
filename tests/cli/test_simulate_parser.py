"""`battlemap simulate`'s arguments read the same whether or not its parser lists the rulesets'
--no-<kind> flags, which it leaves out (and imports no ruleset for) when none could be given."""

from __future__ import annotations

import pytest

from battlemap.cli import _simulate_parser


@pytest.mark.parametrize(
    "args",
    [
        ["fight.json"],
        ["fight.json", "--seed", "3"],
        ["--seed=-4", "fight.json", "--rounds", "2", "--text"],
        ["fight.json", "--no-aoo"],
        ["fight.json", "--no-intercept", "--no-aoo", "--seed", "1"],
        ["--tex", "fight.json"],
    ],
)
def test_the_arguments_read_as_the_full_parser_reads_them(args: list[str]) -> None:
    assert _simulate_parser(args).parse_args(args) == _simulate_parser().parse_args(args)


def test_the_flags_are_left_out_only_when_no_other_option_is_given() -> None:
    assert "--no-aoo" not in _simulate_parser(["f.json", "--seed", "2"]).format_help()
    for args in (["f.json", "--no-aoo"], ["--help"], ["f.json", "--bogus"], None):
        assert "--no-aoo" in _simulate_parser(args).format_help()


def test_no_flags_given_is_no_opportunity_declined() -> None:
    assert _simulate_parser(["f.json"]).parse_args(["f.json"]).decline is None
