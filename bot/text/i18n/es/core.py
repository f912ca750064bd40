"""Textos en español del juego (issue 4), con las palabras del reglamento español:
ejército (E), flota (F), apoyo, transporte, retirada, disolución, centros de suministro,
desorden civil. Mismas claves y marcadores que ``bot/i18n/en/core.py``."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # /game create
    "create.done": (
        "🎲 **{game}** está abierta para {players} jugadores en este canal.\n"
        "Plazos: movimientos {movement}, retiradas {retreat}, ajustes {adjustment}.\n"
        "Únete con `/game join` (tú también, {creator}, si juegas); {creator} la empieza con `/game start` cuando estén todos."
    ),
    "create.bad_name": "Ponle a la partida un nombre de 1 a {limit} caracteres.",
    "create.bad_players": "En Diplomacy juegan de 2 a 7 jugadores.",
    "create.bad_variant": "No conozco ese formato. Elige uno de la lista: la partida estándar, Francia contra Austria, Inglaterra contra Turquía o Alemania contra Italia.",
    "create.variant": "Formato: **{variant}**. Las otras cinco potencias no juegan: sus centros de suministro son neutrales y están vacíos. Se gana con 18 centros.",
    "create.fog": "🌫️ Niebla de guerra: cada jugador ve solo las regiones junto a sus unidades y centros, y recibe su mapa y sus resultados por mensaje directo. Cuántos centros tiene cada potencia sigue siendo público.",
    "variant.standard": "Partida estándar",
    "variant.fva": "Francia contra Austria",
    "variant.evt": "Inglaterra contra Turquía",
    "variant.gvi": "Alemania contra Italia",
    "create.channel_taken": "Este canal ya tiene una partida (**{game}**). Usa otro canal para una partida nueva.",
    "schedule.kind.movement": "movimientos",
    "schedule.kind.retreat": "retiradas",
    "schedule.kind.adjustment": "ajustes",
    "schedule.unreadable": (
        "No entiendo el plazo de {kind} `{text}`. Usa una duración como `24h`, `90m`, "
        "`2d`, o una hora del día con zona horaria, como `20:00 Europe/Madrid`."
    ),
    "schedule.out_of_range": "El plazo de {kind} `{text}` debe estar entre 5 minutos y 14 días.",
    "schedule.bad_time": "`{text}` no es una hora del día. Usa el formato de 24 horas, como `20:00`.",
    "schedule.bad_zone": "No conozco la zona horaria `{text}`. Usa un nombre como `Europe/Madrid` o `America/Mexico_City`.",
    # duraciones (plazos, pausas, recordatorios): 1 día 14 h
    **forms("duration.day", one="{n} día", other="{n} días"),
    **forms("duration.hour", other="{n} h"),
    **forms("duration.minute", other="{n} min"),
    # unirse
    "game.none_here": "No hay ninguna partida en este canal. Crea una con `/game create`.",
    "game.unknown": "No encuentro esa partida. Elige una de la lista.",
    "join.done": "✅ Te has unido a **{game}** ({joined} de {players} jugadores).",
    "join.full_now": "¡Ya están todos! {creator} puede empezar la partida con `/game start`.",
    "join.started": "**{game}** ya ha empezado.",
    "join.already": "Ya estás en **{game}**.",
    **forms(
        "join.full",
        one="**{game}** ya está completa ({count} jugador).",
        other="**{game}** ya está completa ({count} jugadores).",
    ),
    "join.dm_welcome": "👋 Te has unido a **{game}**. Aquí te enviaré las fases y los recordatorios; también puedes dar órdenes aquí con `/order`.",
    "join.dm_closed": (
        "No puedo enviarte mensajes directos, y la partida los necesita. En Discord, abre el menú de este servidor → "
        "**Ajustes de privacidad** y activa los **Mensajes directos**; luego usa `/game join` otra vez."
    ),
    "leave.done": "Has dejado **{game}**.",
    "leave.started": "**{game}** ya ha empezado: ya no puedes dejarla.",
    "leave.not_in": "No estás en **{game}**.",
    "start.not_allowed": "Solo quien creó **{game}** o un miembro con el permiso «Gestionar servidor» puede empezarla.",
    "start.already": "**{game}** ya ha empezado.",
    **forms(
        "start.waiting",
        one="**{game}** necesita {count} jugador; por ahora hay {joined}.",
        other="**{game}** necesita {count} jugadores; por ahora hay {joined}.",
    ),
    "start.done": "▶️ **{game}** ha empezado. Las potencias y el primer plazo están publicados aquí; los jugadores han recibido un mensaje directo.",
    # estado y mapas
    "status.forming": "**{game}** espera jugadores: se han unido {joined} de {players} ({users}).",
    "status.title": "**{game}** — {phase}\nPlazo: {deadline}",
    "status.line": "{mark} {user} ({powers}): {state}",
    "status.ready": "ha terminado",
    "status.complete": "órdenes dadas",
    "status.partial": "algunas órdenes",
    "status.none": "aún sin órdenes",
    "status.nothing": "ninguna orden que dar",
    "map.caption": "**{game}** — {phase}",
    "map.not_started": "**{game}** aún no ha empezado, así que no hay mapa.",
    "fog.board_hidden": "🌫️ **{game}** se juega con niebla de guerra: el tablero, el historial de la partida y las órdenes de las demás potencias están ocultos hasta que termine la partida. Tu propio mapa te llega con cada fase por mensaje directo.",
    "create.fog_one_power": "La niebla de guerra necesita una potencia por jugador: elige 5, 6 o 7 jugadores, o un duelo.",
    "map.unknown_phase": "No hay ninguna fase `{text}` en esta partida. Fases hasta ahora: {phases}.",
    # órdenes
    "order.not_started": "Tu partida aún no ha empezado.",
    "order.no_games": "No juegas en ninguna partida. Únete a una con `/game join` en su canal.",
    "order.which_game": "Estás en varias partidas ({games}): elige una con la opción `game`.",
    "order.not_player": "No eres jugador de **{game}**.",
    "order.not_player_here": (
        "Este canal es de la partida **{game}** y no juegas en ella. Usa el comando en el canal de tu partida "
        "o en un mensaje directo conmigo (la opción `game` elige la partida)."
    ),
    "order.not_started_game": "**{game}** aún no ha empezado.",
    "order.finished": "**{game}** ha terminado.",
    "order.deadline_passed": "El plazo de «{phase}» en **{game}** ha vencido: ya no se admiten órdenes. No se ha cambiado nada.",
    "order.resolving": "La fase «{phase}» de **{game}** se está resolviendo ahora: ya no se admiten órdenes. No se ha cambiado nada.",
    "order.phase_moved_on": (
        "**{game}** ha pasado de «{phase}» a «{now}»: tus órdenes eran para una fase "
        "que ya terminó, así que no se ha guardado nada. Mira la nueva situación y vuelve a dar órdenes."
    ),
    "order.empty": "Escribe una o más órdenes, p. ej. `E Par - Bor; F Bre - AtC`.",
    "order.no_power": "No tienes ninguna potencia a la que dar órdenes en **{game}**.",
    "parse.unknown_word": "No conozco la palabra «{word}». ¿Querías decir: {suggestions}?",
    "parse.unknown_word_alone": "No conozco la palabra «{word}». Revisa cómo está escrita: una región puede escribirse entera o abreviada (p. ej. `Bor`).",
    "parse.expected_province": "Esperaba una región en lugar de «{word}».",
    "parse.incomplete": "Esta orden está incompleta: falta algo al final.",
    "parse.unexpected_word": "No entiendo «{word}» aquí.",
    "parse.missing_unit_type": "Di si es un ejército (E) o una flota (F).",
    "parse.bad_coast": "Esa costa no existe aquí. Las costas son: {suggestions}.",
    "parse.stray_coast": "La costa «{word}» debe ir junto a una región.",
    "parse.empty": "Esa orden está vacía.",
    "parse.convoy_fleet": "Solo se pueden transportar ejércitos.",
    "parse.wrong_nationality": "«{word}»: la unidad de {province} es de {owner}, no de {power}. Revisa la orden o no pongas la nacionalidad.",
    "parse.too_long": "Esta orden es demasiado larga: escribe una orden por línea.",
    "reply.header": "**{game}** — {phase}",
    "reply.ok": "✅ `{order}`",
    "reply.error": "❌ `{text}`: {reason}",
    "reply.missing": "Aún sin orden: {units}",
    "reply.all_ordered": "Todas tus unidades tienen órdenes.",
    "reply.nothing_to_order": "No tienes ninguna orden que dar en esta fase.",
    "reply.deadline": "Plazo: {deadline}. Puedes cambiar tus órdenes hasta entonces; cuenta la última orden de cada unidad.",
    "reply.ready": "Tus órdenes están marcadas como **listas**.",
    "orders.title": "Tus órdenes en **{game}** — {phase}:",
    "orders.none": "Aún no has dado ninguna orden.",
    **forms(
        "orders.missing_builds",
        many="{power}: {count} construcciones sin orden (se renunciará a ellas)",
        few="{power}: {count} construcciones sin orden (se renunciará a ellas)",
        one="{power}: {count} construcción sin orden (se renunciará a ella)",
        other="{power}: {count} construcciones sin orden (se renunciará a ellas)",
    ),
    **forms(
        "orders.missing_disbands",
        many="{power}: {count} disoluciones sin orden (las decidirán las reglas)",
        few="{power}: {count} disoluciones sin orden (las decidirán las reglas)",
        one="{power}: {count} disolución sin orden (la decidirán las reglas)",
        other="{power}: {count} disoluciones sin orden (las decidirán las reglas)",
    ),
    **forms("clear.done", one="🧹 {count} orden borrada.", other="🧹 {count} órdenes borradas."),
    "clear.nothing": "No tienes ninguna orden para `{text}` que borrar.",
    "ready.done": "👍 Tus órdenes quedan marcadas como listas. La fase se resuelve cuando todo el mundo haya terminado, o al vencer el plazo.",
    "ready.resolving": "👍 Todo el mundo ha terminado: la fase se está resolviendo ahora.",
    "ready.warning": "⚠️ Ojo, unidades sin orden: {units}. Una unidad sin orden se mantiene (o las reglas deciden por ella).",
    "unready.done": "Tus órdenes ya no están marcadas como listas.",
    # mensajes en el canal de la partida
    "post.started": "🎲 ¡**{game}** ha empezado!\n{assignments}\n\n**{phase}** — plazo {deadline}\nEnvía tus órdenes con `/order` (aquí o en un mensaje directo conmigo).",
    "post.started_dm": (
        "🎲 ¡**{game}** ha empezado!\n{assignments}\n\n**{phase}** — plazo {deadline}\n"
        "En este canal no se puede escribir, así que Discord no muestra aquí los comandos: usa "
        "`/order`, `/orders`, `/ready`, `/game status`, `/draw`, `/concede` y todos los demás comandos de la "
        "partida en un mensaje directo conmigo (la opción `game` elige la partida)."
    ),
    "post.variant": "⚔️ Duelo: **{variant}**",
    "post.assignment": "{user}: {powers}",
    "post.neutral": "Neutrales (nadie las juega): {powers}",
    "post.results_title": "📜 **{game}** — resultados de «{phase}»",
    "post.civil_disorder": " — *desorden civil*",
    "post.missed": " — *sin órdenes*",
    "post.implied": " *(sin orden)*",
    "post.destroyed": "Eliminadas: {units}",
    "post.destroyed_no_retreat": "Desalojadas y disueltas (sin retirada posible): {units}",
    "post.no_adjustments": "Ni construcciones ni disoluciones este invierno: ninguna potencia tenía que hacerlas.",
    "post.unbuilt": "Construcciones que nadie ordenó y que, por tanto, no se hacen: {powers}.",
    "post.unbuilt_power": "{power} ({count})",
    "post.no_orders": "No hubo órdenes en esta fase.",
    "post.new_phase": "⏳ **{game}** — **{phase}**\nPlazo: {deadline}\n\n{centres}",
    "post.centre_line": "{power}: centros {centres}, unidades {units}",
    "post.centre_line_fog": "{power}: centros {centres}",
    "post.fog_resolved": "🌫️ **{game}**: se ha resuelto la fase «{phase}». Cada jugador ha recibido por mensaje directo lo que vio y su mapa.",
    "post.fog_reveal": "🌫️ Se levanta la niebla sobre **{game}**: aquí está la partida entera, todas las órdenes de cada fase (el mapa animado y el archivo JSON). `/game map`, `/game board` y `/game history` ya lo muestran todo.",
    "post.toss": "🪙 Sorteo con moneda: gana {user}, que jugará con {power} desde la próxima primavera.\n",
    "post.winner": "🏆 **{game}** ha terminado: ¡gana **{powers}**! Enhorabuena, {users}.\n\n{centres}",
    "result.ok": "bien",
    "result.bounce": "enfrentamiento",
    "result.cut": "apoyo anulado",
    "result.dislodged": "desalojada",
    "result.no_convoy": "sin transporte",
    "result.void": "nula",
    "result.illegal": "no válida",
    "result.unparsed": "ilegible",
    "result.no_unit": "no existe esa unidad",
    "result.duplicate": "segunda orden para la unidad",
    "result.disband": "disuelta",
    "result.paradox": "paradoja del transporte",
    # mensajes directos
    "dm.phase_started": "⏳ **{game}** — ha empezado **{phase}**.\n{lines}\nPlazo: {deadline}\nDa tus órdenes con `/order`.",
    "dm.fog_seen": "🌫️ **{game}** — lo que viste en la fase «{phase}»:",
    "dm.fog_seen_nothing": "No has visto pasar nada.",
    "dm.fog_nothing_due": "⏳ **{phase}**: no tienes ninguna orden que dar. Plazo: {deadline}",
    "dm.fog_centres": "Centros de suministro:",
    "dm.power_line": "**{power}**: {what}",
    **forms("dm.builds", one="{count} construcción por hacer", other="{count} construcciones por hacer"),
    **forms("dm.disbands", one="{count} unidad por disolver", other="{count} unidades por disolver"),
    "dm.game_over": "🏁 **{game}** ha terminado: ganó {powers}. ¡Gracias por jugar!",
    # errores
    "error.internal": "Lo siento, algo ha fallado por mi parte. No se ha cambiado nada; inténtalo de nuevo.",
    "error.guild_only": "Usa este comando en el canal del servidor donde está la partida.",
    "post.dm_failed": (
        "⚠️ No he podido enviar un mensaje directo a {user}. Permite los mensajes directos "
        "de los miembros de este servidor (menú del servidor → Ajustes de privacidad)."
    ),
    # descripciones de comandos y opciones (en el selector de comandos de Discord)
    "cmd.game": "Partidas de Diplomacy en este canal",
    "cmd.game.create": "Abrir una nueva partida de Diplomacy en este canal",
    "cmd.game.create.name": "Un nombre para la partida",
    "cmd.game.create.players": "Número de jugadores, de 2 a 7 (por defecto 7)",
    "cmd.game.create.variant": "La partida estándar (por defecto) o un duelo para dos jugadores",
    "cmd.game.create.fog": "Niebla de guerra: cada jugador ve solo lo que rodea a sus unidades y centros (por defecto, no)",
    "cmd.game.create.movement": "Plazo de movimientos: 2d (por defecto), 1d, 36h o una hora como 20:00 Europe/Madrid",
    "cmd.game.create.retreat": "Plazo de las retiradas (por defecto 1d)",
    "cmd.game.create.adjustment": "Plazo de los ajustes de invierno (por defecto 1d)",
    "cmd.game.join": "Unirse a la partida de este canal",
    "cmd.game.leave": "Dejar la partida de este canal (si ya empezó, tu plaza queda libre para otro jugador)",
    "cmd.game.start": "Empezar la partida (quien la creó o un miembro con «Gestionar servidor»)",
    "cmd.game.status": "Fase, plazo, y quién ha dado órdenes o ha terminado",
    "cmd.game.map": "El mapa actual, o el de una fase anterior",
    "cmd.game.map.phase": "Una fase como S1901M (por defecto: la actual)",
    "cmd.order": "Dar una o más órdenes, p. ej. E Par - Bor; F Bre - AtC",
    "cmd.order.orders": "Tus órdenes, separadas por ; o saltos de línea",
    "cmd.option.game": "Qué partida (si juegas en varias)",
    "cmd.orders": "Ver tus órdenes y las unidades que aún no tienen",
    "cmd.clear": "Borrar la orden de una unidad, o todas tus órdenes",
    "cmd.clear.unit": "La unidad, p. ej. Par (vacío para borrarlas todas)",
    "cmd.ready": "Decir que has terminado: la fase se resuelve cuando todos hayan terminado",
    "cmd.unready": "Quitar la marca de órdenes listas",
    "status.forming_short": "esperando jugadores",
}

# issue 16: game flow
MESSAGES.update(
    {
        "status.over_solo": "🏆 **{game}** ha terminado: **{powers}** ganó en solitario ({when}).",
        "status.over_draw": "🤝 **{game}** ha terminado: empate entre **{powers}** ({when}).",
        "status.over_concession": (
            "🏳️ **{game}** ha terminado: todos los demás jugadores se rindieron ante **{powers}** ({when})."
        ),
        "order.ended_solo": (
            "**{game}** ha terminado: {powers} ganó en solitario ({when}). Ya no hay órdenes que dar en ella."
        ),
        "order.ended_draw": (
            "**{game}** ha terminado en empate entre {powers} ({when}). Ya no hay órdenes que dar en ella."
        ),
        "order.ended_concession": (
            "**{game}** ha terminado: todos los demás jugadores se rindieron ante {powers} ({when}). Ya no "
            "hay órdenes que dar en ella."
        ),
        "ready.paused": (
            "👍 Tus órdenes quedan marcadas como listas. **{game}** está en pausa: nada se resuelve hasta que un "
            "moderador la reanude. Entonces, si todos siguen con las órdenes listas, la fase se resuelve en el "
            "acto; si no, al vencer su plazo."
        ),
        "orders.silent": (
            "⚠️ Aún no hay ninguna orden para {powers}: sin órdenes, las unidades de una potencia mantienen su "
            "posición sin apoyarse entre sí y las desalojadas se disuelven, salvo que le des órdenes o digas "
            "`/ready`."
        ),
        "post.missed_active": " — *sin órdenes en esta fase (su jugador dio órdenes para sus otras potencias)*",
    }
)
