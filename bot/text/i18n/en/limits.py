"""English texts of the limits that keep messages safe (issue 10 §4): games found only on
their own server, game names that are refused, the cap on orders per command, long
replies summarised or cut. The other languages have the same keys with the same
placeholders in braces."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    "lookup.game_elsewhere": "Your games are on another server. Give your orders there, or here in a DM with me.",
    "create.name_invisible": (
        "The name has an invisible character ({char}) that can hide or reorder text. Type the name "
        "yourself instead of pasting it, with letters, digits, spaces, punctuation or emoji."
    ),
    "create.name_blank": "The name shows nothing readable. Give the game a name with at least one letter, digit or symbol.",
    "create.name_marks": "The name stacks too many accent marks on one letter (at most {limit}). Type it with ordinary letters.",
    **forms(
        "limits.too_many_orders",
        other=(
            "That is {count} orders in one command; I read at most {limit} at a time (no player has more "
            "units than that). Send them in smaller groups, or check that you pasted the right text."
        ),
    ),
    **forms("reply.accepted_count", one="✅ {count} order accepted.", other="✅ {count} orders accepted."),
    **forms(
        "reply.more_refused",
        one="… and {count} more line I could not accept: fix the ones above, then send the rest again.",
        other="… and {count} more lines I could not accept: fix the ones above, then send the rest again.",
    ),
    "reply.cut": "… (the rest of this reply was too long to show)",
}
