"""Reading what players type: orders in their language (with the fallbacks of
:func:`bot.core.languages.reading_order`), and matching what they are typing against
legal orders for autocomplete. Pure functions: the use cases run them off the event loop
(:class:`bot.infra.compute.Compute`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.core.languages import DEFAULT
from engine import Position, parse_order
from engine.names import table, tokens
from engine.parser import OrderParseError, ParsedLine, split_orders


def read_orders_in(text: str, languages: Sequence[str], *, position: Position | None = None) -> list[ParsedLine]:
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


def unit_province(text: str, language: str) -> str | None:
    """The province of a unit written in a player's language (``E Par`` → ``PAR``)."""
    hold = table(language).canonical.get("hold", "H")
    army = table(language).unit_letters.get("A", "A")
    for attempt in (f"{text} {hold}", f"{army} {text} {hold}"):
        try:
            order = parse_order(attempt, language=language)
        except (OrderParseError, ValueError):
            continue
        return order.location.province  # type: ignore[union-attr]
    return None


@lru_cache(maxsize=4096)
def meanings(word: str, languages: tuple[str, ...]) -> frozenset[str]:
    """The canonical tokens (``par``, ``a``, ``s``, ``-``...) a word being typed may be the
    start of, in any of ``languages`` (Spanish ``bor`` → ``bur``, Bulgarian ``п`` → ``s``).
    Cached: the tables never change while the bot runs."""
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
        return token.startswith(word) or token in meanings(word, langs)

    forms = [(o, tokens(o)) for o in options]
    in_order = [o for o, toks in forms if len(words) <= len(toks) and all(hit(w, toks[i]) for i, w in enumerate(words))]
    if in_order:
        return in_order
    return [o for o, toks in forms if all(any(hit(w, tok) for tok in toks) for w in words)]
