"""Settings: saved and read back, and a broken file never stops the app."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.storage.settings import (
    MAX_RECENT_FILES,
    Settings,
    load_settings,
    offering,
    save_settings,
    settings_from_json,
    with_recent_file,
)

GEOMETRY = "AdnQywADAAAAAAAAAAAAAAAAA38AAAJXAAAAAA=="


def settings_file(home: Path) -> Path:
    return home / "config" / "settings.json"


def write_settings(home: Path, content: str | bytes) -> Path:
    path = settings_file(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def test_the_defaults() -> None:
    assert Settings() == Settings(
        recent_files=(),
        playback_seconds_per_unit=0.5,
        ask_player_rolls=False,
        player_sides=("party",),
        window_geometry="",
        window_state="",
        demo_shown=False,
    )


def test_no_file_gives_the_defaults_and_no_problem(home: Path) -> None:
    assert load_settings() == (Settings(), [])
    assert not home.exists()


def test_saved_settings_read_back_the_same(home: Path, tmp_path: Path) -> None:
    saved = Settings(
        recent_files=(str(tmp_path / "b.json"), str(tmp_path / "a.json")),
        playback_seconds_per_unit=0.25,
        ask_player_rolls=True,
        player_sides=("party", "allies"),
        window_geometry=GEOMETRY,
        window_state="AAAA",
        demo_shown=True,
        not_offered=("aoo",),
    )
    save_settings(saved)
    assert load_settings() == (saved, [])
    assert json.loads(settings_file(home).read_text(encoding="utf-8")) == {
        "recent_files": [str(tmp_path / "b.json"), str(tmp_path / "a.json")],
        "playback_seconds_per_unit": 0.25,
        "ask_player_rolls": True,
        "player_sides": ["party", "allies"],
        "window_geometry": GEOMETRY,
        "window_state": "AAAA",
        "demo_shown": True,
        "not_offered": ["aoo"],
    }


def test_saving_replaces_the_file_and_leaves_nothing_else(home: Path) -> None:
    save_settings(Settings(demo_shown=True))
    save_settings(Settings(ask_player_rolls=True))
    assert load_settings() == (Settings(ask_player_rolls=True), [])
    assert os.listdir(home / "config") == ["settings.json"]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "the file is not valid JSON: Expecting value at line 1, column 1"),
        (b'{"demo_shown": tru', "the file is not valid JSON: Expecting value at line 1"),
        (b"\xff\xfe garbage", "the file is not UTF-8 text: byte 0xff on line 1"),
        (b'{"demo_shown": true, "demo_shown": false}', "the key 'demo_shown' appears twice"),
    ],
)
def test_a_garbage_file_gives_the_defaults_and_says_why(
    home: Path, content: bytes, problem: str
) -> None:
    path = write_settings(home, content)
    loaded, problems = load_settings()
    assert loaded == Settings()
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}: {problem}")
    assert problems[0].endswith("; using the default settings")


@pytest.mark.parametrize("content", ["[]", "3", "null", '"settings"'])
def test_a_file_that_is_not_an_object_gives_the_defaults(home: Path, content: str) -> None:
    path = write_settings(home, content)
    assert load_settings() == (
        Settings(),
        [f"{path}: the settings must be a JSON object {{...}}; using the default settings"],
    )


def test_a_folder_where_the_file_should_be_gives_the_defaults(home: Path) -> None:
    settings_file(home).mkdir(parents=True)
    loaded, problems = load_settings()
    assert loaded == Settings()
    assert len(problems) == 1


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("playback_seconds_per_unit", "fast",
         "must be a number of seconds from 0.05 to 5, got 'fast'; using 0.5"),
        ("playback_seconds_per_unit", 10,
         "must be a number of seconds from 0.05 to 5, got 10; using 0.5"),
        ("playback_seconds_per_unit", 0.01,
         "must be a number of seconds from 0.05 to 5, got 0.01; using 0.5"),
        ("playback_seconds_per_unit", True,
         "must be a number of seconds from 0.05 to 5, got true; using 0.5"),
        ("playback_seconds_per_unit", 10**400,
         "must be a number of seconds from 0.05 to 5, got a number too large; using 0.5"),
        ("ask_player_rolls", "yes", "must be true or false, got 'yes'; using false"),
        ("ask_player_rolls", 1, "must be true or false, got 1; using false"),
        ("demo_shown", None, "must be true or false, got null; using false"),
        ("recent_files", "a.json", "must be a list of file paths, got 'a.json'; using []"),
        ("player_sides", {"party": 1}, 'must be a list of side names, got {"party": 1}; '
         'using ["party"]'),
        ("window_geometry", 12, "must be base64 text, got 12; using ''"),
        ("window_state", "not base64!", "must be base64 text, got 'not base64!'; using ''"),
    ],
)  # fmt: skip
def test_a_key_of_the_wrong_type_gets_its_default_and_the_others_are_kept(
    home: Path, key: str, value: object, problem: str
) -> None:
    data = {"demo_shown": True, "window_state": "AAAA", "player_sides": ["heroes"], key: value}
    path = write_settings(home, json.dumps(data))
    loaded, problems = load_settings()
    assert problems == [f"{path}, {key}: {problem}"]
    kept = {k: v for k, v in data.items() if k != key}
    assert loaded.demo_shown is kept.get("demo_shown", False)
    assert loaded.window_state == kept.get("window_state", "")
    assert loaded.player_sides == tuple(kept.get("player_sides", ["party"]))  # type: ignore[arg-type]


def test_bad_items_of_a_list_are_left_out(home: Path, tmp_path: Path) -> None:
    good = str(tmp_path / "a.json")
    path = write_settings(
        home,
        json.dumps(
            {"recent_files": [good, 3, "", "x\u0000y"], "player_sides": ["party", None, ""]}
        ),
    )
    loaded, problems = load_settings()
    assert loaded.recent_files == (good,)
    assert loaded.player_sides == ("party",)
    assert problems == [
        f"{path}, recent_files[1]: not a file path, got 3; left out",
        f"{path}, recent_files[2]: not a file path, got ''; left out",
        f"{path}, recent_files[3]: not a file path, got 'x\\x00y'; left out",
        f"{path}, player_sides[1]: not a side name, got null; left out",
        f"{path}, player_sides[2]: not a side name, got ''; left out",
    ]


def test_unknown_keys_are_ignored(home: Path) -> None:
    write_settings(home, json.dumps({"theme": "dark", "demo_shown": True, "version": 7}))
    assert load_settings() == (Settings(demo_shown=True), [])


def test_whole_seconds_are_read_as_a_float(home: Path) -> None:
    write_settings(home, json.dumps({"playback_seconds_per_unit": 2}))
    loaded, _ = load_settings()
    assert loaded.playback_seconds_per_unit == 2.0
    assert type(loaded.playback_seconds_per_unit) is float


def test_read_lists_are_tidied_up(home: Path, tmp_path: Path) -> None:
    paths = [str(tmp_path / f"{n}.json") for n in range(14)]
    write_settings(
        home,
        json.dumps({"recent_files": [paths[0], *paths], "player_sides": ["a", "b", "a"]}),
    )
    loaded, problems = load_settings()
    assert loaded.recent_files == tuple(paths[:MAX_RECENT_FILES])
    assert loaded.player_sides == ("a", "b")
    assert problems == []


# --- recent files -------------------------------------------------------------------------------


def test_a_recent_file_goes_first_as_an_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    first = with_recent_file(Settings(), "a.json")
    second = with_recent_file(first, tmp_path / "b.json")
    assert second.recent_files == (str(tmp_path / "b.json"), str(tmp_path / "a.json"))


def test_opening_a_recent_file_again_moves_it_to_the_front(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fights").mkdir()
    current = Settings()
    for name in ["a.json", "b.json", "c.json"]:
        current = with_recent_file(current, tmp_path / name)
    # The same file, spelled another way.
    current = with_recent_file(current, os.path.join("fights", "..", "a.json"))
    assert current.recent_files == tuple(str(tmp_path / n) for n in ["a.json", "c.json", "b.json"])


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="needs symlinks")
def test_a_link_to_a_recent_file_is_the_same_file(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "a.json")
    current = with_recent_file(Settings(), tmp_path / "a.json")
    current = with_recent_file(current, tmp_path / "link.json")
    assert current.recent_files == (str(tmp_path / "link.json"),)


def test_at_most_ten_recent_files_are_kept(tmp_path: Path) -> None:
    current = Settings()
    for n in range(12):
        current = with_recent_file(current, tmp_path / f"{n}.json")
    assert current.recent_files == tuple(str(tmp_path / f"{n}.json") for n in range(11, 1, -1))


# --- saving what would not read back -----------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        Settings(playback_seconds_per_unit=9.0),
        Settings(window_geometry="%%%"),
        Settings(player_sides=("party", "party")),
        Settings(recent_files=("",)),
    ],
)
def test_settings_that_would_not_read_back_are_not_saved(home: Path, bad: Settings) -> None:
    save_settings(Settings(demo_shown=True))
    before = settings_file(home).read_bytes()
    with pytest.raises(ValueError):
        save_settings(bad)
    assert settings_file(home).read_bytes() == before


# --- properties ---------------------------------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
_KEYS = st.sampled_from(
    ["recent_files", "playback_seconds_per_unit", "ask_player_rolls", "player_sides",
     "window_geometry", "window_state", "demo_shown", "other"]
)  # fmt: skip


@given(_JSON | st.dictionaries(_KEYS, _JSON))
def test_any_json_gives_settings_and_never_raises(data: object) -> None:
    loaded, problems = settings_from_json(data, "settings.json")
    assert isinstance(loaded, Settings)
    assert all(problem.startswith("settings.json") for problem in problems)
    assert 0.05 <= loaded.playback_seconds_per_unit <= 5
    assert len(loaded.recent_files) <= MAX_RECENT_FILES


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=100))
def test_any_bytes_in_the_file_give_settings_and_never_raise(home: Path, content: bytes) -> None:
    write_settings(home, content)
    loaded, _ = load_settings()
    assert isinstance(loaded, Settings)


_SETTINGS = st.builds(
    Settings,
    recent_files=st.lists(st.sampled_from(["/a.json", "/b/c.json", "/d.json"]), unique=True).map(
        tuple
    ),
    playback_seconds_per_unit=st.floats(0.05, 5),
    ask_player_rolls=st.booleans(),
    player_sides=st.lists(st.text(min_size=1).filter(str.strip), unique=True, max_size=3).map(
        tuple
    ),
    window_geometry=st.binary(max_size=30).map(lambda b: base64.b64encode(b).decode()),
    window_state=st.just(""),
    demo_shown=st.booleans(),
    not_offered=st.lists(st.sampled_from(["aoo", "intercept", "shove"]), unique=True).map(
        lambda kinds: tuple(sorted(kinds))
    ),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_SETTINGS)
def test_any_valid_settings_round_trip(home: Path, saved: Settings) -> None:
    save_settings(saved)
    assert load_settings() == (saved, [])


@pytest.mark.parametrize(
    ("old", "kinds"),
    [
        ({"offer_opportunities": False, "offer_intercepts": False}, ("aoo", "intercept")),
        ({"offer_opportunities": True, "offer_intercepts": False}, ("intercept",)),
        ({"offer_opportunities": False}, ("aoo",)),
        ({}, ()),
        # The new key wins over the old flags when a file has both.
        ({"offer_opportunities": False, "not_offered": ["intercept"]}, ("intercept",)),
    ],
)
def test_an_older_files_two_offer_flags_read_as_the_kinds_not_offered(
    old: dict[str, object], kinds: tuple[str, ...]
) -> None:
    assert settings_from_json(old, "settings.json") == (Settings(not_offered=kinds), [])


def test_kinds_not_offered_are_checked_and_tidied() -> None:
    data = {"not_offered": ["intercept", "aoo", "aoo", 7, "x" * 5_000_000, "two words"]}
    settings, problems = settings_from_json(data, "settings.json")
    assert settings.not_offered == ("aoo", "intercept")
    assert [p.split(":")[0] for p in problems] == [
        "settings.json, not_offered[3]",
        "settings.json, not_offered[4]",
        "settings.json, not_offered[5]",
    ]
    assert all(len(p) < 200 for p in problems)  # a 5 MB name is never repeated back
    many = {"not_offered": [f"k{i}" for i in range(10_000)]}
    settings, problems = settings_from_json(many, "settings.json")
    assert len(settings.not_offered) == 50
    assert problems == ["settings.json, not_offered: more than 50 kinds; the rest left out"]


def test_offering_turns_one_kind_on_or_off() -> None:
    quiet = offering(offering(Settings(), "intercept", False), "aoo", False)
    assert quiet.not_offered == ("aoo", "intercept")
    assert offering(quiet, "aoo", True).not_offered == ("intercept",)
    assert offering(quiet, "aoo", False) == quiet
