"""English texts of posting with few requests (issue 13): one DM for the new phases of
several games, the map offered under it, and the choice to have it attached. The other
languages have the same keys with the same placeholders in braces."""

MESSAGES: dict[str, str] = {
    "dm.digest_title": "⏳ New phases in your games:",
    "dm.digest_game": "**{game}** — **{phase}**, deadline {deadline}\n{lines}",
    "dm.digest_footer": "Order with `/order` and pick the game in its `game` option.",
    "dm.map_button": "🗺️ My map",
    # a button's label: plain text, never markdown, so the game's name ({name}) is not escaped
    "dm.map_button_game": "🗺️ {name}",
    "map.front_caption": "🗺️ **{game}** — {phase}: your units",
    "remind.maps_pushed": "🗺️ Your map comes with the DM of each new phase.",
    "remind.maps_offered": "🗺️ Your map is one tap away: the button under the DM of each new phase.",
    "cmd.remind.map": "Attach the map of your units to the DM of each new phase (default no)",
    "cmd.game.map.front": "Only the part of the board around your units, shown to you alone",
    "cmd.game.map.front.me": "Around my units",
}
