"""The command reference (docs/commands.md) is generated from the bot's command tree and
kept in step with it: regenerated here and compared, so a command, an option or a
description changed in the code without the reference fails this test (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord import reference

ROOT = Path(__file__).resolve().parents[2]


async def test_the_command_reference_is_the_one_the_command_tree_makes():
    made = await reference.generate()
    written = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert written == made, "docs/commands.md is out of date: run python -m bot.discord.reference --write"


async def test_every_command_and_option_is_in_the_reference():
    tree = await reference.command_tree()
    text = reference.markdown(tree)
    names = {c.qualified_name for c in tree}
    # the commands the README used to leave out are among them
    for name in ("grace", "leaderboard", "press send", "standby set", "game board", "game history", "game leave"):
        assert name in names and f"## {name}\n" in text
    for name in ("game watch", "game unwatch", "mod end", "mod exclude", "mod season start", "mod settings"):
        assert name in names and f"## {name}\n" in text
    for command in tree:
        section = text.split(f"## {command.qualified_name}\n", 1)[1].split("\n## ", 1)[0]
        for param in command.parameters:
            assert f"`{param.display_name}` (" in section, (command.qualified_name, param.display_name)
    # players' commands say they work from a DM; a moderator's command does not
    assert "DM with the bot" in text.split("## draw\n", 1)[1].split("\n## ", 1)[0]
    assert "DM" not in text.split("## mod pause\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_links_the_reference():
    assert "(docs/commands.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


async def test_a_command_without_its_access_entry_stops_the_generator(monkeypatch):
    tree = await reference.command_tree()
    monkeypatch.delitem(reference.ACCESS, "grace")
    with pytest.raises(ValueError, match="grace"):
        reference.markdown(tree)
