"""Where Battlemap's files live, and how tests and packaged builds move them."""

from __future__ import annotations

from pathlib import Path

import appdirs
import pytest

from battlemap.storage.paths import (
    resolve_image,
    resources_dir,
    user_config_dir,
    user_data_dir,
    user_log_dir,
)

REPO = Path(__file__).resolve().parents[2]


def test_resources_are_found_beside_the_package() -> None:
    assert resources_dir() == REPO / "resources"
    assert (resources_dir() / "creatures" / "srd.json").is_file()
    assert (resources_dir() / "examples" / "skirmish.json").is_file()


def test_a_packaged_build_points_at_its_own_resources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BATTLEMAP_RESOURCES", str(tmp_path / "bundle"))
    assert resources_dir() == tmp_path / "bundle"


def test_battlemap_home_holds_config_data_and_log(home: Path) -> None:
    assert (user_config_dir(), user_data_dir(), user_log_dir()) == (
        home / "config",
        home / "data",
        home / "log",
    )


def test_asking_for_a_folder_does_not_create_it(home: Path) -> None:
    folders = [user_config_dir(), user_data_dir(), user_log_dir()]
    assert all(folder.is_relative_to(home) for folder in folders)
    assert not home.exists()


@pytest.mark.parametrize("value", [None, ""])
def test_without_battlemap_home_the_platform_folders_are_used(
    monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv("BATTLEMAP_HOME")
    else:
        monkeypatch.setenv("BATTLEMAP_HOME", value)
    assert user_config_dir() == Path(appdirs.user_config_dir("battlemap", "battlemap"))
    assert user_data_dir() == Path(appdirs.user_data_dir("battlemap", "battlemap"))
    assert user_log_dir() == Path(appdirs.user_log_dir("battlemap", "battlemap"))


def test_a_relative_picture_is_found_beside_the_encounter(tmp_path: Path) -> None:
    encounter = tmp_path / "fights" / "ford.json"
    assert resolve_image("maps/ford.png", encounter) == tmp_path / "fights" / "maps" / "ford.png"
    assert resolve_image("../tokens/ogre.png", str(encounter)) == (
        tmp_path / "fights" / ".." / "tokens" / "ogre.png"
    )


def test_an_absolute_picture_is_taken_as_it_is(tmp_path: Path) -> None:
    picture = tmp_path / "ogre.png"
    assert resolve_image(str(picture), tmp_path / "fights" / "ford.json") == picture


def test_a_picture_of_an_unsaved_encounter_is_relative_to_the_current_folder() -> None:
    assert resolve_image("ogre.png", None) == Path("ogre.png")
