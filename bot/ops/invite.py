"""``python -m bot invite``: the OAuth2 link that adds the bot to a server with exactly the
permissions it uses, each with the reason it is needed.

The application id comes from ``--application-id``, ``DISCORD_APPLICATION_ID``, or the bot
token (``DISCORD_TOKEN``): its first segment is the bot user's id in base64, and a bot's
user id is its application's id. No network is used.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from urllib.parse import urlencode

import discord

SCOPES = ("bot", "applications.commands")

#: Every permission the bot asks for: discord.py's name, Discord's name, and why. Exactly
#: those the games' checks name (:class:`bot.core.press.permissions.Permission`), which cover what
#: the press worker allows or denies in its overwrites (Discord lets a bot set there only
#: what it has itself); the README's table lists the same (a test compares the three). No
#: Embed Links: the bot sends no embeds.
NEEDED: tuple[tuple[str, str, str], ...] = (
    ("view_channel", "View Channels", "see the game channels it posts in"),
    ("send_messages", "Send Messages", "post results, maps, deadlines and announcements in game channels"),
    ("attach_files", "Attach Files", "attach the maps, the history GIF and its JSON"),
    ("read_message_history", "Read Message History", "find its own posts again after a restart, so none is sent twice"),
    ("manage_channels", "Manage Channels", "create each game's press category and its private channels"),
    ("manage_roles", "Manage Roles", "set who may read and write each press channel and the game channel"),
    (
        "add_reactions",
        "Add Reactions",
        "open or close reactions in press channels (Discord lets a bot allow or deny only what it has itself)",
    ),
    ("create_public_threads", "Create Public Threads", "close threads in locked press channels (the same rule)"),
    (
        "create_private_threads",
        "Create Private Threads",
        "close private threads in locked press channels (the same rule)",
    ),
    (
        "send_messages_in_threads",
        "Send Messages in Threads",
        "close writing in threads of locked press channels (the same rule)",
    ),
    ("create_instant_invite", "Create Invite", "invite a substitute from another server to a game that needs one"),
)


def permissions() -> discord.Permissions:
    return discord.Permissions(**{name: True for name, _, _ in NEEDED})


def application_id(env: Mapping[str, str], given: str | None = None) -> int:
    """The application id: given, ``DISCORD_APPLICATION_ID``, or read from the token.
    ValueError says what to set."""
    for value in (given, env.get("DISCORD_APPLICATION_ID")):
        if value and value.strip():
            if not value.strip().isdigit():
                raise ValueError(
                    f"the application id must be a number (developer portal → General Information), not {value.strip()[:30]!r}"
                )
            return int(value.strip())
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ValueError(
            "give --application-id (developer portal → your application → General Information → "
            "Application ID), or set DISCORD_TOKEN or DISCORD_APPLICATION_ID"
        )
    first = token.split(".", 1)[0]
    try:
        decoded = base64.b64decode(first + "=" * (-len(first) % 4), altchars=b"-_", validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        decoded = ""
    if not decoded.isdigit():
        raise ValueError(
            "DISCORD_TOKEN does not start with a bot's id (is it a bot token?); give --application-id instead"
        )
    return int(decoded)


def url(app_id: int) -> str:
    query = urlencode({"client_id": app_id, "permissions": permissions().value, "scope": " ".join(SCOPES)})
    return f"https://discord.com/oauth2/authorize?{query}"


def lines(app_id: int) -> list[str]:
    """What the command prints: the link, then each permission and why."""
    width = max(len(shown) for _, shown, _ in NEEDED)
    out = [url(app_id), "", f"permissions (value {permissions().value}):"]
    out += [f"  {shown:<{width}}  {why}" for _, shown, why in NEEDED]
    out.append("scopes: bot (the bot user), applications.commands (its slash commands)")
    return out
