"""The command reference, ``docs/commands.md``, generated from the bot's command tree: every
command with its options (from the real cogs: names, descriptions, choices, whether they are
required or offer autocomplete), where Discord lets it be used (server channels, DMs: the
command's contexts) and who may use it (:data:`ACCESS`, written by hand beside the code,
and checked: a command without an entry, or an entry that claims a DM for a command Discord
keeps to servers, stops the generator).

``python -m bot.discord.reference`` prints it; ``--write`` writes ``docs/commands.md``;
``--check`` exits with status 1 when the file differs (``tests/bot/test_reference.py``
does the same, so the reference cannot drift from the code)."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

DOC = Path(__file__).resolve().parents[2] / "docs" / "commands.md"

PLAYER = "a player of the game"
GAME_MODS = "the game's moderators: its creator, members with Manage Server, the `/mod role` role"
SERVER_MODS = "the server's moderators: members with Manage Server, the `/mod role` role"
ANYONE = "anyone"
MEMBER = "any member of the server"

CHANNEL = "the game's channel"
SERVER = "any channel of the server"
PLAYERS_ANYWHERE = (
    "the game's channel, or a DM with the bot (`game:` picks the game; in a DM without it, your only game "
    "being played); any other channel of the server with `game:`"
)
VIEW = "the game's channel (anyone who reads it), or a DM with the bot (a player: `game:` picks the game)"


@dataclass(frozen=True)
class Access:
    who: str
    where: str
    note: str = ""


#: Who may use each command, and where (the contexts are the tree's: checked against these).
ACCESS: dict[str, Access] = {
    "game create": Access(MEMBER, "a server channel without a game being played (it becomes the game's channel)"),
    "game join": Access(
        MEMBER,
        CHANNEL,
        "before the start; the bot checks it can send you direct messages. Once the game is played, "
        "`power:` asks for an open seat (a bot's, one in civil disorder, one its player leaves)",
    ),
    "game leave": Access(
        PLAYER, CHANNEL, "before the start; once it is played, your seat is open until somebody takes it"
    ),
    "game start": Access("the game's creator, or a member with Manage Server", CHANNEL),
    "game status": Access(ANYONE, VIEW),
    "game map": Access(ANYONE, VIEW, "`front:me` (a player's own crops, private) for players only"),
    "game board": Access(ANYONE, VIEW, "a private reply, for screen readers"),
    "game history": Access(ANYONE, VIEW),
    "game watch": Access(
        f"{MEMBER} who does not play in the game", f"{CHANNEL}, or {SERVER} with `game:`", "when spectators are allowed"
    ),
    "game unwatch": Access(f"{MEMBER} who watches the game", f"{CHANNEL}, or {SERVER} with `game:`"),
    "order": Access(PLAYER, PLAYERS_ANYWHERE),
    "orders": Access(PLAYER, PLAYERS_ANYWHERE),
    "clear": Access(PLAYER, PLAYERS_ANYWHERE),
    "ready": Access(PLAYER, PLAYERS_ANYWHERE),
    "unready": Access(PLAYER, PLAYERS_ANYWHERE),
    "standby set": Access(PLAYER, PLAYERS_ANYWHERE),
    "standby show": Access(PLAYER, PLAYERS_ANYWHERE),
    "standby clear": Access(PLAYER, PLAYERS_ANYWHERE),
    "grace": Access(PLAYER, PLAYERS_ANYWHERE, "when the game gives grace only to players who ask"),
    "draw": Access(f"{PLAYER} with a surviving power", PLAYERS_ANYWHERE),
    "concede": Access(f"{PLAYER} with a surviving power", PLAYERS_ANYWHERE),
    "press open": Access(
        f"{PLAYER} (full or rulebook press)", f"{PLAYERS_ANYWHERE}; a press channel of the game", "not while closed"
    ),
    "press send": Access(f"{PLAYER} (an anonymous game)", f"{PLAYERS_ANYWHERE}; an inbox of the game"),
    "press repair": Access(GAME_MODS, CHANNEL),
    "remind": Access(ANYONE, "anywhere: a server channel or a DM with the bot", "your own reminders, every game"),
    "language": Access(ANYONE, "anywhere: a server channel or a DM with the bot", "your own language"),
    "substitutes list": Access(
        ANYONE,
        "anywhere: any server with the bot, a DM, or any server once the bot is installed to your account",
        "the open seats of games whose servers opted in (`/mod settings substitutes:`)",
    ),
    "substitutes apply": Access(
        ANYONE,
        "anywhere: any server with the bot, a DM, or any server once the bot is installed to your account",
        "the game's moderators accept or refuse; an accepted player from another server gets an invite",
    ),
    "leaderboard": Access(ANYONE, SERVER, "the server's scored games; a private reply"),
    "mod role": Access("members with Manage Server", SERVER),
    "mod pause": Access(GAME_MODS, CHANNEL),
    "mod seat": Access(
        GAME_MODS, CHANNEL, "accept or refuse a request for an open seat (`/game join power:`, `/substitutes apply`)"
    ),
    "mod resume": Access(GAME_MODS, CHANNEL),
    "mod extend": Access(GAME_MODS, CHANNEL),
    "mod deadline": Access(GAME_MODS, CHANNEL),
    "mod resolve": Access(GAME_MODS, CHANNEL),
    "mod civil-disorder": Access(GAME_MODS, CHANNEL),
    "mod replace": Access(GAME_MODS, CHANNEL),
    "mod kick": Access(GAME_MODS, CHANNEL, "before the start"),
    "mod rollback": Access(GAME_MODS, CHANNEL),
    "mod skip-day": Access(GAME_MODS, CHANNEL),
    "mod orders": Access(GAME_MODS, CHANNEL),
    "mod settings": Access(GAME_MODS, CHANNEL, "anything before the start; the safe settings during the game"),
    "mod log": Access(GAME_MODS, CHANNEL),
    "mod end": Access(GAME_MODS, CHANNEL),
    "mod season start": Access(SERVER_MODS, SERVER),
    "mod season end": Access(SERVER_MODS, SERVER),
    "mod exclude": Access(SERVER_MODS, SERVER),
}

_TYPES = {
    discord.AppCommandOptionType.string: "text",
    discord.AppCommandOptionType.integer: "whole number",
    discord.AppCommandOptionType.number: "number",
    discord.AppCommandOptionType.boolean: "True/False",
    discord.AppCommandOptionType.user: "member",
    discord.AppCommandOptionType.role: "role",
    discord.AppCommandOptionType.channel: "channel",
    discord.AppCommandOptionType.mentionable: "member or role",
    discord.AppCommandOptionType.attachment: "file",
}


class _NoCore:
    """What the cogs are given to be read, never run: their commands need no core."""

    def __getattr__(self, name: str) -> Any:
        return None


async def command_tree() -> list[app_commands.Command[Any, ..., Any]]:
    """Every command of the bot (groups opened), from its real cogs, in the tree's order."""
    from bot.discord.app import COGS

    client = commands.Bot(command_prefix="!", intents=discord.Intents.none(), help_command=None)
    for cog in COGS():
        await client.add_cog(cog(client, _NoCore()))
    out: list[app_commands.Command[Any, ..., Any]] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, app_commands.Group):
                walk(item.commands)
            else:
                out.append(item)

    walk(client.tree.get_commands())
    return out


def _text(value: Any) -> str:
    return str(value.message if isinstance(value, app_commands.locale_str) else value)


def _contexts(command: app_commands.Command[Any, ..., Any]) -> tuple[bool, bool]:
    """(in servers, in DMs), as Discord is told (a subcommand has its top group's)."""
    root = command.root_parent or command
    if root.guild_only:
        return True, False
    ctx = root.allowed_contexts
    if ctx is None:
        return True, True
    return bool(ctx.guild), bool(ctx.dm_channel)


def _option(param: app_commands.Parameter) -> str:
    kind = _TYPES.get(param.type, param.type.name)
    if param.type is discord.AppCommandOptionType.string and param.max_value is not None:
        kind += f", up to {int(param.max_value):,} characters"
    parts = [f"`{param.display_name}` ({kind}{'' if param.required else ', optional'})"]
    parts.append(_text(param.description))
    if param.choices:
        parts.append("choices: " + ", ".join(f"`{c.value}`" for c in param.choices))
    if param.autocomplete:
        parts.append("with autocomplete")
    return " — ".join(parts)


def markdown(tree: list[app_commands.Command[Any, ..., Any]]) -> str:
    """The reference as Markdown (raises ValueError when :data:`ACCESS` and the tree
    disagree)."""
    names = [c.qualified_name for c in tree]
    missing = sorted(set(names) - set(ACCESS))
    gone = sorted(set(ACCESS) - set(names))
    if missing or gone:
        raise ValueError(f"bot.discord.reference.ACCESS: no entry for {missing}; entries of no command: {gone}")
    lines = [
        "# Commands",
        "",
        "<!-- Generated by `python -m bot.discord.reference --write` from the bot's command tree;",
        "     tests/bot/test_reference.py fails when it is out of date. Do not edit by hand. -->",
        "",
        "Every command of the bot, with its options, who may use it and where. Commands reply",
        "privately unless they post for everyone (a game created, joined or started, a map, a",
        "history); a refusal is only ever shown to the member who asked, in their language.",
        "",
        "Discord shows slash commands only where one can write: in a gunboat or anonymous game,",
        "whose players can't write in the game channel, players use their commands from a DM with",
        "the bot, where the `game:` option (with autocomplete) picks the game. Without `game:`, a",
        "command typed in a game's channel (or one of its press channels) is about that game, even",
        "when it has ended; in a DM, it is about your only game being played (with several, the bot",
        "asks you to choose).",
        "",
        "| command | who | where |",
        "| --- | --- | --- |",
    ]
    for command in tree:
        name = command.qualified_name
        lines.append(f"| [`/{name}`](#{name.replace(' ', '-')}) | {ACCESS[name].who} | {_where(command)} |")
    for command in tree:
        name = command.qualified_name
        access = ACCESS[name]
        lines += ["", f"## {name}", "", f"`/{name}` — {_text(command.description).rstrip('.')}.", ""]
        lines.append(f"- **Who:** {access.who}.")
        lines.append(f"- **Where:** {access.where}.")
        if access.note:
            lines.append(f"- **Note:** {access.note}.")
        if command.parameters:
            lines.append("- **Options:**")
            lines += [f"  - {_option(p)}" for p in command.parameters]
    return "\n".join(lines) + "\n"


def _where(command: app_commands.Command[Any, ..., Any]) -> str:
    """Where the command works, checked against the tree's contexts: a command said to
    work in DMs must be offered there by Discord (a command of a group offered in DMs may
    still need a server channel: it says so when used in a DM)."""
    servers, dms = _contexts(command)
    said = "DM" in ACCESS[command.qualified_name].where
    if said and not dms:
        raise ValueError(f"/{command.qualified_name}: ACCESS says it works in a DM; Discord doesn't offer it there")
    if not servers:
        raise ValueError(f"/{command.qualified_name}: not offered in servers")
    return "server channel, DM" if said else "server channel"


async def generate() -> str:
    return markdown(await command_tree())


def main(argv: list[str]) -> int:
    text = asyncio.run(generate())
    if "--write" in argv:
        DOC.write_text(text, encoding="utf-8")
        return 0
    if "--check" in argv:
        current = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
        if current != text:
            print(f"{DOC} is out of date: run python -m bot.discord.reference --write", file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
