"""Textos en español del final de las partidas (issue 15): el año límite, la puntuación, el
mensaje final, la clasificación y las temporadas, la historia de la partida y el tablero en
palabras (texto alternativo)."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # comandos
    "cmd.game.create.end": "Último año de la partida, p. ej. 1910: termina tras ese año y se puntúa",
    "cmd.game.create.scoring": "Cómo se puntúa la partida al terminar (por defecto: suma de cuadrados)",
    "cmd.game.history": "La partida hasta ahora: mapa animado de cada fase y todas las órdenes en JSON",
    "cmd.game.board": "El tablero en palabras, potencia por potencia (para lectores de pantalla)",
    "cmd.game.board.phase": "Una fase como S1901M (por defecto: la actual)",
    "cmd.leaderboard": "Clasificación del servidor: partidas, victorias, empates, puntuación media, fiabilidad",
    "cmd.leaderboard.season": "Una temporada (por defecto: la actual o, si no hay, todas las partidas)",
    "cmd.leaderboard.page": "La página que mostrar",
    "cmd.leaderboard.variant": "Qué clasificación: la partida estándar (por defecto) o un duelo",
    "cmd.mod.end": "Terminar la partida ya: se puntúa tal como está",
    "cmd.mod.season": "Temporadas de la clasificación del servidor",
    "cmd.mod.season.start": "Empezar una temporada: cuentan en ella las partidas que terminen desde ahora",
    "cmd.mod.season.start.name": "Nombre de la temporada, p. ej. Primavera 2026",
    "cmd.mod.season.end": "Terminar la temporada en curso",
    "cmd.mod.exclude": "Dejar una partida terminada fuera de la clasificación (una de prueba), o volver a contarla",
    "cmd.mod.exclude.game": "La partida terminada",
    "cmd.mod.exclude.undo": "Volver a contar la partida en la clasificación",
    # los sistemas de puntuación: menú, nombre, regla
    "scoring.choice.draw_size": "Tamaño del empate (DIAS): el empate se reparte a partes iguales",
    "scoring.choice.sum_of_squares": "Suma de cuadrados: más centros, una parte mucho mayor",
    "scoring.choice.centre_count": "Recuento de centros: una parte por centro de suministro",
    "scoring.choice.carnage": "Carnage: primero el puesto en el tablero, luego los centros",
    "scoring.name.draw_size": "tamaño del empate (DIAS)",
    "scoring.name.sum_of_squares": "suma de cuadrados",
    "scoring.name.centre_count": "recuento de centros",
    "scoring.name.carnage": "sistema Carnage",
    "scoring.rule.draw_size": (
        "Una victoria en solitario se lleva 100 puntos. Un empate acordado reparte 100 a partes iguales entre sus "
        "potencias, tengan los centros que tengan. Una partida detenida antes de su final (su último año, un "
        "moderador) se puntúa igual, 100 a partes iguales entre todos los supervivientes, pero no es un empate: nadie "
        "lo acordó, y en la clasificación cuenta como supervivencia."
    ),
    "scoring.rule.sum_of_squares": (
        "Una victoria en solitario se lleva 100. Si no, cada potencia obtiene 100 × sus centros² ÷ la suma de "
        "los centros² de todas."
    ),
    "scoring.rule.centre_count": (
        "Una victoria en solitario se lleva 100 puntos. Si no, cada potencia obtiene 100 × sus centros ÷ todos los centros controlados."
    ),
    "scoring.rule.carnage": (
        "Puntos por el puesto en el tablero (1000 el último y 1000 más por cada puesto por encima; las potencias "
        "eliminadas, las últimas), más 1 por centro. Una victoria en solitario se lleva todos los puntos."
    ),
    # /game create
    "scores.rules": "Puntuación: {system}.",
    "scores.last_year": "Último año: {year}. La partida termina tras él (con su invierno) y se puntúa.",
    "create.bad_scoring": "`{text}` no es un sistema de puntuación. Elige uno de la lista.",
    "create.bad_last_year": "El último año debe estar entre {first} y {latest}, no {year}.",
    # cómo terminó una partida
    "status.over_year_limit": "⌛ **{game}** ha terminado: se jugó su último año ({when}).",
    "status.over_moderator": "🛑 **{game}** ha terminado: la terminó un moderador ({when}).",
    "order.ended_year_limit": (
        "**{game}** ha terminado: se jugó su último año ({when}). Ya no hay órdenes que dar en ella."
    ),
    "order.ended_moderator": (
        "**{game}** ha terminado: la terminó un moderador ({when}). Ya no hay órdenes que dar en ella."
    ),
    "scores.post_year_limit": (
        "⌛ **{game}** ha terminado: se ha jugado su último año, {year}. Este es el tablero final; "
        "a continuación, la puntuación."
    ),
    "scores.post_ended": "🛑 {mod} ha terminado **{game}**. Este es el tablero final; a continuación, la puntuación.",
    "scores.dm_year_limit": (
        "🏁 **{game}** ha terminado: se ha jugado su último año. La puntuación final está en el canal de la "
        "partida. ¡Gracias por jugar!"
    ),
    "scores.dm_moderator": (
        "🏁 Un moderador ha terminado **{game}**. La puntuación final está en el canal de la partida. "
        "¡Gracias por jugar!"
    ),
    # el mensaje final
    "scores.title": "📊 **{game}** — puntuación final por {system}",
    "scores.line": "{place} **{powers}** ({user}) — {centres} · **{score}**{result} · ✅ {ordered}/{phases}",
    "scores.line_bot": "{place} **{powers}** (🤖 la juega un bot) — {centres} · **{score}**{result}",
    **forms("scores.centres", one="{count} centro", other="{count} centros"),
    "scores.legend": (
        "✅ fases en las que el jugador dio órdenes, de las que las pedían. El gráfico muestra los centros de "
        "suministro de cada potencia año tras año."
    ),
    "mod.log.year_limit": "{who}: se jugó el último año ({year}); la partida ha terminado",
    "mod.log.end": "{who}: terminó la partida",
    "mod.log.exclude": "{who}: dejó la partida fuera de la clasificación",
    "mod.log.include": "{who}: volvió a contar la partida en la clasificación",
    "mod.reply.ended": "✅ La partida ha terminado: el tablero final y la puntuación están en el canal de la partida.",
    # la clasificación y las temporadas
    "leaderboard.title": "🏆 Clasificación — {scope}",
    "leaderboard.scope_variant": "{scope}, {variant}",
    "leaderboard.all_time": "todas las partidas",
    "leaderboard.season": "temporada {season}",
    "leaderboard.season_over": "temporada {season} (terminada)",
    "leaderboard.page": "Página {page} de {pages}",
    "leaderboard.line": "**{rank}.** {user} **{average}** · {games} · 🏆 {wins} · 🤝 {draws} · ✅ {reliability}",
    **forms("leaderboard.games", one="{count} partida", other="{count} partidas"),
    "leaderboard.legend": (
        "Puntuación media: la parte de los puntos de cada partida. 🏆 victorias · 🤝 empates · ✅ fases con órdenes"
    ),
    "leaderboard.empty": "Aún no cuenta aquí ninguna partida terminada: los jugadores aparecen al terminar una partida puntuada.",
    "leaderboard.choice_all": "Histórico: todas las partidas",
    "leaderboard.choice_open": "{season} (en curso)",
    "leaderboard.excluded_mark": "excluida",
    "season.started": "✅ Ha empezado la temporada **{season}**: cuentan en ella las partidas que terminen desde ahora.",
    "season.ended": "✅ La temporada **{season}** ha terminado. `/leaderboard` la sigue mostrando si la eliges.",
    "season.excluded": "✅ **{game}** ya no cuenta en la clasificación.",
    "season.included": "✅ **{game}** vuelve a contar en la clasificación.",
    "season.already_excluded": "**{game}** ya estaba fuera de la clasificación.",
    "season.already_included": "**{game}** ya cuenta en la clasificación.",
    "season.bad_name": "Ponle a la temporada un nombre de 1 a 60 caracteres visibles.",
    "season.unknown": "Este servidor no tiene ninguna temporada `{text}`. Elige una de la lista.",
    "season.still_open": "La temporada `{text}` sigue abierta: termínala antes con `/mod season end`.",
    "season.name_taken": "Este servidor ya tiene una temporada llamada `{text}`.",
    "season.none_open": "No hay ninguna temporada abierta en este servidor.",
    "season.not_allowed": "Solo los miembros con «Gestionar servidor» o con el rol de moderador del servidor pueden hacer eso.",
    "season.unknown_game": "Esa no es una partida terminada de este servidor. Elige una de la lista.",
    # /game history
    **forms(
        "history.caption",
        many="📜 **{game}**: {count} fases, de «{first}» a «{last}». El archivo JSON contiene cada posición, orden y resultado.",
        few="📜 **{game}**: {count} fases, de «{first}» a «{last}». El archivo JSON contiene cada posición, orden y resultado.",
        one=(
            "📜 **{game}**: {count} fase, de «{first}» a «{last}». El archivo JSON contiene cada posición, orden y "
            "resultado."
        ),
        other=(
            "📜 **{game}**: {count} fases, de «{first}» a «{last}». El archivo JSON contiene cada posición, orden y "
            "resultado."
        ),
    ),
    "history.too_big": "La animación sería demasiado grande para enviarla aquí; el archivo JSON contiene toda la partida.",
    **forms(
        "alt.history",
        many="Mapa animado de {name}: {count} fotogramas, uno por fase de «{first}» a «{last}», con sus órdenes.",
        few="Mapa animado de {name}: {count} fotogramas, uno por fase de «{first}» a «{last}», con sus órdenes.",
        one="Mapa animado de {name}: {count} fotograma, uno por fase de «{first}» a «{last}», con sus órdenes.",
        other="Mapa animado de {name}: {count} fotogramas, uno por fase de «{first}» a «{last}», con sus órdenes.",
    ),
    # el tablero en palabras
    "board.title": "**{game}** — el tablero, potencia por potencia:",
    "alt.orders": "Las órdenes de la fase están dibujadas con sus resultados.",
    "alt.my_orders": "En el mapa están tus órdenes, aún sin resolver: {orders}.",
    "alt.my_orders_more": "Órdenes que no caben aquí: {count}.",
    "alt.my_orders_none": "Aún no has dado órdenes: solo se dibujan las unidades.",
    "alt.front": "Centrado en las unidades de {powers}.",
    "alt.chart": "Centros de suministro de {name} al principio de cada año, de {first} a {last}. {series}",
}
