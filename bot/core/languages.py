"""Which language to speak to whom (issue 7), without Discord.

- A **player's language** (replies, errors, DMs) is the one they chose with ``/language``,
  else the language of their Discord client. The bot remembers the client language it
  last saw for each user, so DMs sent later are in the language that user reads the bot
  in (the poster reads it at send time).
- A **game's language** (posts in its channel, its maps) is chosen at ``/game create``.
- **Orders** are read in the player's language, then the game's, then English
  (:func:`reading_order`, :mod:`bot.core.orders.reading`).
- A game's **label set** (its maps' script, chosen at ``/game create``: only Russian has a
  choice, the map's own Cyrillic short forms or the Latin letters of the Russian rulebook)
  is how its maps, and the orders of its texts, are written for readers of its language
  (:func:`map_labels`). A text written for a reader carries the script in its language
  tag (:func:`writing`: ``ru``, or ``ru-Latn`` for Russian in Latin letters), so that the
  orders, units and places of one message are in the script of the map beside it.
"""

from __future__ import annotations

import logging

from bot.core.deps import Deps
from bot.infra.lease import LeaseLost
from bot.infra.storage import DATABASE_ERRORS

log = logging.getLogger(__name__)

LANGUAGES = ("en", "es", "ru", "bg")
DEFAULT = "en"
#: Each language in its own words (menus, settings).
NATIVE_NAMES = {"en": "English", "es": "Español", "ru": "Русский", "bg": "Български"}

#: The scripts each language's maps (and the orders in its texts) can be written in, the
#: default first: the renderer's label sets (a test checks they agree).
SCRIPTS: dict[str, tuple[str, ...]] = {
    "en": ("latin",),
    "es": ("latin",),
    "ru": ("cyrillic", "latin"),
    "bg": ("cyrillic",),
}
_SUBTAGS = {"latin": "Latn", "cyrillic": "Cyrl"}


def map_labels(reader: str, game_language: str, game_labels: str | None) -> str | None:
    """The label set a reader sees a game's maps in: the game's choice when the reader
    reads the game's language, else the reader's language's default (None)."""
    if reader == game_language and game_labels in SCRIPTS.get(reader, ()):
        return game_labels
    return None


def writing(language: str, labels: str | None = None) -> str:
    """The language tag of a text for a reader of ``language`` whose map is in the label
    set ``labels`` (None: the default): the language itself in its default script, else
    with the script's subtag (``ru-Latn``)."""
    if labels is None or labels == SCRIPTS.get(language, (None,))[0]:
        return language
    return f"{language}-{_SUBTAGS[labels]}"


def game_writing(reader: str, game_language: str, game_labels: str | None) -> str:
    """The language tag of a text about a game for a reader of ``reader``: orders in the
    script of the map they get (:func:`map_labels`)."""
    return writing(reader, map_labels(reader, game_language, game_labels))


def base_language(tag: str) -> str:
    """The language of a tag (``ru-Latn`` → ``ru``): what catalogues and plural rules take."""
    return tag.split("-", 1)[0]


def script_of(tag: str) -> str:
    """The script a tag is written in: its subtag's, else its language's default."""
    language, _, subtag = tag.partition("-")
    for script, code in _SUBTAGS.items():
        if subtag == code:
            return script
    return SCRIPTS.get(language, ("latin",))[0]


def reading_order(player: str, game: str | None = None) -> tuple[str, ...]:
    """The languages an order is tried in: the player's, the game's, English."""
    return tuple(dict.fromkeys(x for x in (player, game, DEFAULT) if x in LANGUAGES))


class Languages:
    """Players' languages: the stored ``/language`` choices (cached: one process owns
    them), and the client language last seen for each user (stored when it changes)."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self._chosen: dict[int, str | None] = {}
        self._seen: dict[int, str | None] = {}

    def cached_choice(self, user_id: int) -> str | None:
        return self._chosen.get(user_id)

    async def _load(self, user_id: int) -> None:
        if user_id in self._chosen:
            return
        async with self.deps.storage.read() as tx:
            chosen, seen = await tx.user_language_row(user_id)
        self._chosen[user_id] = chosen
        self._seen[user_id] = seen

    async def resolve(self, user_id: int, client: str) -> str:
        """The player's language, given their client's; notes the client language."""
        try:
            await self._load(user_id)
            if self._seen.get(user_id) != client:
                async with self.deps.storage.write() as tx:
                    await tx.saw_language(user_id, client, self.deps.now())
                self._seen[user_id] = client
            return self._chosen.get(user_id) or client
        except LeaseLost:  # another process runs the database now: this one refuses the command
            return self._chosen.get(user_id) or client
        except Exception as exc:  # the language must never stop a command
            if self.deps.storage.closed:  # the bot is stopping (its lease lost): nothing to report
                return self._chosen.get(user_id) or client
            if isinstance(exc, DATABASE_ERRORS):  # a full disk, a server gone: no bug
                log.warning("could not read the language of user %s (%s)", user_id, exc)
                return self._chosen.get(user_id) or client
            log.exception("could not read the language of user %s", user_id)
            return client

    async def choose(self, user_id: int, language: str | None) -> None:
        """``/language``: store the user's choice (None: follow the Discord client)."""
        if language is not None and language not in LANGUAGES:
            raise ValueError(language)
        async with self.deps.storage.write() as tx:
            await tx.choose_language(user_id, language, self.deps.now())
        self._chosen[user_id] = language

    async def chosen(self, user_id: int) -> str | None:
        await self._load(user_id)
        return self._chosen.get(user_id)
