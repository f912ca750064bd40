"""Textos en español del envío con pocas peticiones (issue 13)."""

MESSAGES: dict[str, str] = {
    "dm.digest_title": "⏳ Nuevas fases en tus partidas:",
    "dm.digest_game": "**{game}** — **{phase}**, plazo {deadline}\n{lines}",
    "dm.digest_footer": "Da tus órdenes con `/order` y elige la partida en su opción `game`.",
    "dm.map_button": "🗺️ Mi mapa",
    "dm.map_button_game": "🗺️ {name}",
    "map.front_caption": "🗺️ **{game}** — {phase}: tus unidades",
    "remind.maps_pushed": "🗺️ Tu mapa llega con el mensaje directo de cada fase nueva.",
    "remind.maps_offered": "🗺️ Tu mapa está a un toque: el botón bajo el mensaje directo de cada fase nueva.",
    "cmd.remind.map": "Adjuntar el mapa de tus unidades al mensaje de cada fase nueva (por defecto no)",
    "cmd.game.map.front": "Solo la parte del tablero alrededor de tus unidades, solo para ti",
    "cmd.game.map.front.me": "Alrededor de mis unidades",
}
