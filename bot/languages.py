"""Which language to speak to whom, and reading orders in it (issue 7).

Owns the language rules of the bot; the texts themselves are in :mod:`bot.text.i18n`.

- A **player's language** (replies, errors, DMs) is the one they chose with ``/language``,
  else the language of their Discord client (``interaction.locale``: ``es-ES``/``es-419``
  → ``es``, ``ru`` → ``ru``, ``bg`` → ``bg``, anything else → ``en``). The bot remembers
  the client language it last saw for each user, so DMs sent later (phase starts,
  reminders) are in the language that user reads the bot in.
- A **game's language** (posts in its channel, its maps) is chosen at ``/game create``;
  the default is the server's preferred locale.
- **Orders** are read in the player's language first; a line that language cannot read is
  tried in the game's language and then in English, so a Spanish player who types the
  canonical ``A PAR - BUR`` is understood. An *ambiguous* word is never passed on to
  another language: the player is asked which was meant.
- **Command descriptions** are localized by :class:`CatalogueTranslator`: discord.py hands
  it every description (English, from the catalogue) and it answers with the same message
  in the locale's language. Command names stay English.
"""
from __future__ import annotations

import logging
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

import discord
from discord import app_commands

from bot.text.i18n import DEFAULT, LANGUAGES, catalogue, t
from engine import Position, format_order, parse_order
from engine.names import table, tokens
from engine.parser import OrderParseError, ParsedLine, split_orders

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)

#: Native names, shown in the language menus.
NATIVE_NAMES = {"en": "English", "es": "Español", "ru": "Русский", "bg": "Български"}

_LOCALES = {
    discord.Locale.spain_spanish: "es",
    discord.Locale.latin_american_spanish: "es",
    discord.Locale.russian: "ru",
    discord.Locale.bulgarian: "bg",
}


def from_locale(locale: discord.Locale | str | None) -> str:
    """The bot's language for a Discord locale (``es-ES`` → ``es``; unknown → ``en``)."""
    if locale is None:
        return DEFAULT
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    value = value.strip().lower()
    if value in LANGUAGES:
        return value
    base = value.split("-")[0].split("_")[0]
    return base if base in LANGUAGES else DEFAULT


def language_of(interaction: discord.Interaction) -> str:
    """The language to answer this interaction in (the player's language).

    Set by the command tree before every command (:meth:`Languages.resolve`); outside
    commands (buttons, menus) the stored choice known to the bot is used, else the client
    language."""
    known = interaction.extras.get("language")
    if known in LANGUAGES:
        return known
    languages = getattr(interaction.client, "languages", None)
    if isinstance(languages, Languages):
        chosen = languages.cached_choice(interaction.user.id)
        if chosen:
            return chosen
    return from_locale(interaction.locale)


def guild_language(interaction: discord.Interaction) -> str:
    """The server's preferred language (the default language of its new games)."""
    guild = interaction.guild
    if guild is not None and getattr(guild, "preferred_locale", None):
        return from_locale(guild.preferred_locale)
    return from_locale(interaction.guild_locale)


class Languages:
    """Players' languages: the stored ``/language`` choices (cached), and the client
    language last seen for each user (stored when it changes, for later DMs)."""

    def __init__(self, service: "GameService") -> None:
        self.service = service
        self._chosen: dict[int, str | None] = {}
        self._seen: dict[int, str | None] = {}

    def cached_choice(self, user_id: int) -> str | None:
        return self._chosen.get(user_id)

    async def _load(self, user_id: int) -> None:
        if user_id in self._chosen:
            return
        async with self.service.storage.transaction() as tx:
            chosen, seen = await tx.user_language_row(user_id)
        self._chosen[user_id] = chosen
        self._seen[user_id] = seen

    async def resolve(self, interaction: discord.Interaction) -> str:
        """The player's language for this interaction; also notes their client language.
        Stores it in ``interaction.extras["language"]`` for :func:`language_of`."""
        user_id = interaction.user.id
        client = from_locale(interaction.locale)
        language = client
        try:
            await self._load(user_id)
            if self._seen.get(user_id) != client:
                async with self.service.storage.transaction() as tx:
                    await tx.saw_language(user_id, client, self.service.now())
                self._seen[user_id] = client
            language = self._chosen.get(user_id) or client
        except Exception:   # the language must never stop a command
            log.exception("could not read the language of user %s", user_id)
        interaction.extras["language"] = language
        return language

    async def choose(self, user_id: int, language: str | None) -> None:
        """``/language``: store the user's choice (None: follow the Discord client)."""
        if language is not None and language not in LANGUAGES:
            raise ValueError(language)
        async with self.service.storage.transaction() as tx:
            await tx.choose_language(user_id, language, self.service.now())
        self._chosen[user_id] = language

    async def chosen(self, user_id: int) -> str | None:
        await self._load(user_id)
        return self._chosen.get(user_id)


# -- orders --------------------------------------------------------------------------
def reading_order(player: str, game: str | None = None) -> tuple[str, ...]:
    """The languages an order is tried in: the player's, the game's, English."""
    return tuple(dict.fromkeys(x for x in (player, game, DEFAULT) if x in LANGUAGES))


def read_orders_in(text: str, languages: Sequence[str], *,
                   position: Position | None = None) -> list[ParsedLine]:
    """Every order of ``text``, each read in the first of ``languages`` that can read it.
    When none can, the error is the first language's (it names the player's words); an
    ambiguous word stops there (the player is asked which was meant)."""
    out = []
    for part in split_orders(text):
        first: OrderParseError | None = None
        order = None
        for language in languages:
            try:
                order = parse_order(part, position=position, language=language)
                break
            except OrderParseError as exc:
                first = first or exc
                if exc.code == "ambiguous" and language == languages[0]:
                    break
        out.append(ParsedLine(part, order, None if order is not None else first))
    return out


def echo(canonical: str, language: str) -> str:
    """A stored (canonical English) order written in ``language``; the canonical text
    itself when it can't be rewritten."""
    if language == DEFAULT:
        return canonical
    try:
        return format_order(parse_order(canonical), language)
    except (OrderParseError, KeyError, ValueError):
        return canonical


def localized_orders(text: str, language: str) -> str:
    """Several canonical orders (``A PAR - BUR; F BRE - MAO``) written in ``language``."""
    if language == DEFAULT:
        return text
    return "; ".join(echo(part, language) for part in split_orders(text)) or text


def unit_text(unit: str, language: str) -> str:
    """A unit (``A PAR``) written in ``language`` (``E Par``); any other text unchanged."""
    if language == DEFAULT:
        return unit
    try:
        held = format_order(parse_order(f"{unit} H"), language)
    except (OrderParseError, KeyError, ValueError):
        return unit
    return held.rsplit(" ", 1)[0]


def order_line(canonical: str, language: str) -> str:
    """An order for a post or a list, in code style: ```E Par - Bor` (`A PAR - BUR`)`` in
    Spanish (the catalogue's ``order.local``), only ```A PAR - BUR``` in English."""
    local = echo(canonical, language)
    if local == canonical:
        return f"`{canonical}`"
    return t("order.local", language, local=local, order=canonical)


# -- autocomplete ----------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _meanings(word: str, languages: tuple[str, ...]) -> frozenset[str]:
    """The canonical tokens (``par``, ``a``, ``s``, ``-``...) a word being typed may be the
    start of, in any of ``languages`` (Spanish ``bor`` → ``bur``, Bulgarian ``п`` → ``s``)."""
    english = {kind: word.lower() for kind, word in table(DEFAULT).canonical.items()}
    out: set[str] = set()
    for language in languages:
        for key, entries in table(language).index.items():
            if any(part.startswith(word) for part in key):
                for entry in entries:
                    if entry.kind in ("province", "coast", "unit"):
                        out.add(entry.value.lower())
                    elif entry.kind in english:
                        out.add(english[entry.kind])
    return frozenset(out)


def matching_orders(options: Sequence[str], typed: str, languages: Sequence[str]) -> list[str]:
    """The canonical ``options`` that what a player is typing may be the start of, in any
    of ``languages`` (``E Par`` and ``А Пар`` find ``A PAR - BUR``): first those the typed
    text begins in the same order, else those that contain every typed word anywhere."""
    if not typed.strip():
        return list(options)
    langs = tuple(languages) or (DEFAULT,)
    exact = [o for o in options if o.startswith(typed.strip().upper())]
    if exact:
        return exact
    words = tokens(typed)

    def hit(word: str, token: str) -> bool:
        return token.startswith(word) or token in _meanings(word, langs)

    forms = [(o, tokens(o)) for o in options]
    in_order = [o for o, toks in forms if len(words) <= len(toks)
                and all(hit(w, toks[i]) for i, w in enumerate(words))]
    if in_order:
        return in_order
    return [o for o, toks in forms if all(any(hit(w, tok) for tok in toks) for w in words)]


# -- command descriptions ------------------------------------------------------------
class CatalogueTranslator(app_commands.Translator):
    """Localizes command, option and choice descriptions from the catalogue.

    A ``locale_str`` may carry its message key (``locale_str(text, key="cmd.order")``);
    otherwise the English text is looked up in the English catalogue (so every
    description taken from the catalogue is translated without more work). Names
    (commands, options) are never translated: they stay English."""

    _NAMES = {app_commands.TranslationContextLocation.command_name,
              app_commands.TranslationContextLocation.group_name,
              app_commands.TranslationContextLocation.parameter_name}

    def __init__(self) -> None:
        super().__init__()
        self._keys: dict[str, str] = {}
        for key, text in catalogue(DEFAULT).items():
            if key.startswith("cmd.") or text not in self._keys:
                if text in self._keys and self._keys[text].startswith("cmd."):
                    continue
                self._keys[text] = key

    def key_of(self, string: app_commands.locale_str) -> str | None:
        return string.extras.get("key") or self._keys.get(string.message)

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if context.location in self._NAMES:
            return None
        language = _LOCALES.get(locale)
        if language is None:
            return None
        key = self.key_of(string)
        if key is None:
            return None
        text = catalogue(language).get(key)
        return text if text and text != string.message else None


def described(key: str, /, **params: Any) -> app_commands.locale_str:
    """A command description from the catalogue, with its key for the translator."""
    return app_commands.locale_str(t(key, DEFAULT, **params), key=key)


def language_choices(*, auto: bool = False) -> list[app_commands.Choice[str]]:
    choices = [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LANGUAGES]
    if auto:
        choices.append(app_commands.Choice(name=described("language.choice.auto"), value="auto"))
    return choices


__all__ = ["Languages", "CatalogueTranslator", "from_locale", "language_of", "guild_language",
           "read_orders_in", "reading_order", "matching_orders", "echo", "order_line", "unit_text", "localized_orders", "described", "language_choices",
           "NATIVE_NAMES"]
