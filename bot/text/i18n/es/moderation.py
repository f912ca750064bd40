"""Textos en español de la moderación, el desorden civil, las tablas y las rendiciones (issue 5)."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # comandos
    "cmd.mod": "Moderar la partida de este canal",
    "cmd.mod.role": "Elegir el rol de moderador del servidor (solo con «Gestionar servidor»)",
    "cmd.mod.role.role": "El rol cuyos miembros moderan partidas (vacío para quitarlo)",
    "cmd.mod.pause": "Pausar la partida: el plazo se detiene",
    "cmd.mod.resume": "Reanudar una partida pausada con el tiempo que quedaba",
    "cmd.mod.extend": "Retrasar el plazo",
    "cmd.mod.extend.by": "Cuánto más tarde, p. ej. 12h, 1d, 90m, 2 horas",
    "cmd.mod.deadline": "Fijar el plazo",
    "cmd.mod.deadline.when": (
        "Una duración desde ahora (2m, 90m, 36h, en 2 horas) o una fecha: 2026-03-05 18:00 Europe/Madrid"
    ),
    "cmd.mod.resolve": "Resolver ya la fase actual",
    "cmd.mod.civil_disorder": "Poner una potencia en desorden civil, o sacarla de él",
    "cmd.mod.civil_disorder.power": "La potencia",
    "cmd.mod.civil_disorder.state": "Activado o desactivado",
    "cmd.mod.replace": "Dar una potencia a otro miembro",
    "cmd.mod.replace.power": "La potencia que se entrega",
    "cmd.mod.replace.member": "El nuevo jugador",
    "cmd.mod.kick": "Quitar a un jugador antes de empezar la partida",
    "cmd.mod.kick.member": "El jugador que se quita",
    "cmd.mod.rollback": "Deshacer la última resolución",
    "cmd.mod.orders": "Ver qué potencias han dado órdenes (no cuáles) y recordárselo a las demás",
    "cmd.mod.orders.remind": "Enviar un recordatorio por MD a quienes aún no han dado órdenes",
    "cmd.mod.log": "El registro de moderación de la partida de este canal",
    "cmd.draw": "Votar en secreto un empate compartido por todas las potencias supervivientes",
    "cmd.draw.vote": "Sí para proponer o aceptar el empate, no para rechazarlo",
    "cmd.concede": "Rendirse ante el líder",
    "cmd.game.create.civil_disorder": "Fases de movimiento seguidas sin órdenes antes del desorden civil (0 = nunca; por defecto 2)",
    "mod.choice.on": "activado",
    "mod.choice.off": "desactivado",
    "mod.choice.yes": "sí",
    "mod.choice.no": "no — rechazar",
    # negativas
    "mod.not_allowed": (
        "Solo quien creó **{game}**, los miembros con «Gestionar servidor» o con el rol de moderador del "
        "servidor pueden hacer eso."
    ),
    "mod.role_not_allowed": "Solo los miembros con «Gestionar servidor» pueden elegir el rol de moderador.",
    "mod.status_active": "**{game}** no se está jugando ahora.",
    "mod.status_forming": "**{game}** ya ha empezado: eso solo se puede hacer antes del comienzo.",
    "mod.bad_policy": "El número de fases sin órdenes antes del desorden civil debe estar entre 0 (nunca) y 10.",
    "mod.already_paused": "**{game}** ya está en pausa. Usa `/mod resume` para continuarla.",
    "mod.not_paused": "**{game}** no está en pausa.",
    "mod.bad_duration": "No entiendo `{text}` como duración. Usa p. ej. `12h`, `1d`, `90m` o `2 horas`.",
    "mod.bad_moment": (
        "No entiendo `{text}` como plazo. Usa una duración desde ahora, como `2m`, `90m`, `36h`, `1d 6h` "
        "o `en 2 horas`, o una fecha y hora como `2026-03-05 18:00 Europe/Madrid` (UTC sin zona "
        "horaria)."
    ),
    "mod.deadline_past": "El plazo `{text}` ya ha pasado.",
    "mod.unknown_power": "`{power}` no es una potencia. Elige una de la lista.",
    "mod.power_not_played": "Nadie juega con {power} en **{game}**.",
    "mod.replace_already_playing": "{user} ya juega en **{game}**.",
    "mod.replace_dm_closed": "No puedo enviar mensajes directos a {user}, y la partida los necesita. Primero debe permitir los mensajes directos de este servidor.",
    "mod.replace_raced": "Los jugadores de **{game}** han cambiado mientras tanto. Inténtalo de nuevo.",
    "mod.kick_not_in": "{user} no está en **{game}**.",
    "mod.rollback_nothing": "No hay ninguna resolución de **{game}** que deshacer.",
    "mod.rollback_other_game": "Hay otra partida abierta en este canal, así que **{game}** no puede volver.",
    "mod.remind_nobody": "Todos en **{game}** han dado órdenes: no hay nadie a quien recordárselo.",
    "mod.draw_not_survivor": "Solo las potencias supervivientes votan un empate o se rinden en **{game}**.",
    "mod.draw_none_open": "No hay ningún empate propuesto en **{game}**. Vota sí para proponerlo.",
    "mod.concede_no_leader": "Varias potencias lideran **{game}** con el mismo número de centros: no hay ante quién rendirse.",
    "mod.concede_leader": "{power} lidera **{game}**: el líder no puede rendirse.",
    # mensajes en el canal de la partida
    **forms(
        "mod.post.cd_declared",
        one=(
            "⚠️ **{game}**: {power} ({user}) lleva {count} fase de movimiento sin órdenes "
            "y ahora está en **desorden civil**: sus unidades mantienen su posición sin apoyarse entre sí, las "
            "unidades desalojadas se disuelven y no construye. Moderadores ({mods}): `/mod replace` puede "
            "dársela a un nuevo jugador."
        ),
        other=(
            "⚠️ **{game}**: {power} ({user}) lleva {count} fases de movimiento seguidas sin órdenes "
            "y ahora está en **desorden civil**: sus unidades mantienen su posición sin apoyarse entre sí, las "
            "unidades desalojadas se disuelven y no construye. Moderadores ({mods}): `/mod replace` puede "
            "dársela a un nuevo jugador."
        ),
    ),
    "mod.post.cd_left": "✅ **{game}**: {power} ({user}) ha vuelto a dar órdenes y ya no está en desorden civil.",
    "mod.post.eliminated": "☠️ **{game}**: {power}{user} ha sido eliminada.",
    "mod.post.draw_lapsed": "🗳️ **{game}**: la propuesta de empate no se aceptó antes de resolverse la fase y ha caducado.",
    "mod.post.paused": "⏸️ {mod} ha pausado **{game}**. El plazo queda congelado con {left} por delante.",
    "mod.post.resumed": "▶️ {mod} ha reanudado **{game}**. Plazo: {deadline}",
    "mod.post.extended": "⏩ {mod} ha prorrogado el plazo de **{game}** en {by}. Nuevo plazo: {deadline}",
    "mod.post.extended_paused": "⏩ {mod} ha prorrogado en {by} el plazo de **{game}**, en pausa. Tiempo restante al reanudarla: {left}.",
    "mod.post.deadline": "🕒 {mod} ha fijado el plazo de **{game}**: {deadline}",
    "mod.post.resolve_now": "⏭️ {mod} resuelve ahora la fase «{phase}» de **{game}**.",
    "mod.post.cd_on": "⚠️ {mod} ha puesto a {power} ({user}) en **desorden civil** en **{game}**.",
    "mod.post.cd_off": "✅ {mod} ha sacado a {power} ({user}) del desorden civil en **{game}**.",
    "mod.post.replaced": "🔄 {mod}: {new} juega ahora con {powers} en **{game}**, en lugar de {old}.",
    "mod.post.kicked": "🚪 {mod} ha quitado a {user} de **{game}**.",
    "mod.post.rollback": (
        "⏪ {mod} ha deshecho la última resolución de **{game}**: la fase «{undone}» queda anulada y la partida vuelve a "
        "**{back}**, con las órdenes dadas. Nuevo plazo: {deadline}"
    ),
    "mod.post.rollback_skipped": (
        "⏪ {mod} ha deshecho la última resolución de **{game}**: la fase «{undone}» queda anulada, y con ella "
        "«{skipped}», que se jugó en el acto porque nadie tenía nada que elegir; la partida vuelve a **{back}**, con "
        "las órdenes dadas. Nuevo plazo: {deadline}"
    ),
    "mod.post.reminded": "📨 {mod} ha enviado un recordatorio de órdenes de **{game}** a: {users}.",
    "mod.post.draw_proposed": (
        "🗳️ **{game}**: se ha propuesto un empate entre {powers}. Cada potencia superviviente vota en secreto con `/draw` en este canal; se aprueba solo si todas votan sí, y caduca al resolverse la fase."
    ),
    "mod.post.draw_agreed": "🤝 **{game}** ha terminado: empate entre **{powers}**. ¡Bien jugado, {users}!",
    "mod.post.conceded": "🏳️ **{game}**: {user} se rinde ante {leader} con {powers}.",
    "mod.post.concession_win": (
        "🏆 **{game}** ha terminado: todos los demás jugadores se han rendido, ¡gana **{power}**! Enhorabuena, {user}."
    ),
    # mensajes directos
    "mod.dm.eliminated": "☠️ **{game}**: {power} ha sido eliminada. Ya no recibirás recordatorios para ella.",
    "mod.dm.replacement": (
        "🔄 Ahora juegas con **{powers}** en **{game}**.\n{lines}\n**{phase}** — plazo {deadline}\n"
        "Da tus órdenes con `/order`; adjunto el mapa de la posición."
    ),
    "mod.dm.replacement_power": "**{power}**: unidades {units}; centros {centres}; órdenes por dar en esta fase: {todo}",
    "mod.dm.replaced_out": "🔄 Un moderador ha dado {powers} de **{game}** a otro jugador. ¡Gracias por jugar!",
    "mod.dm.reminder": "⏰ Un moderador de **{game}** te recuerda que la fase «{phase}» aún necesita tus órdenes. Plazo: {deadline}.",
    "mod.dm.draw_proposed": "🗳️ **{game}**: se ha propuesto un empate entre {powers}. Vota en secreto con `/draw` en el canal de la partida.",
    "mod.paused_deadline": "en pausa",
    # /mod log
    "mod.log.bot": "el bot",
    "mod.log.cd_declared": "{who}: {power} declarada en desorden civil (fases de movimiento sin órdenes: {count})",
    "mod.log.cd_left": "{who}: {power} volvió a dar órdenes y salió del desorden civil",
    "mod.log.eliminated": "{who}: {power} eliminada",
    "mod.log.resolved": "{who}: resuelta la fase «{phase}»",
    "mod.log.pause": "{who}: pausa con {left} por delante",
    "mod.log.resume": "{who}: reanudada, plazo {deadline}",
    "mod.log.extend": "{who}: plazo prorrogado en {by}",
    "mod.log.deadline": "{who}: plazo fijado en {deadline}",
    "mod.log.resolve": "{who}: resolución inmediata de la fase «{phase}»",
    "mod.log.cd_on": "{who}: {power} puesta en desorden civil",
    "mod.log.cd_off": "{who}: {power} sacada del desorden civil",
    "mod.log.replace": "{who}: {new} sustituye a {old} con {powers}",
    "mod.log.kick": "{who}: {user} fuera de la partida",
    "mod.log.rollback": "{who}: deshecha la fase «{undone}», vuelta a «{phase}»",
    "mod.log.rollback_skipped": "{who}: deshecha la fase «{undone}» y lo jugado en el acto antes de ella ({skipped}); vuelta a «{phase}»",
    "mod.log.remind": "{who}: recordatorio a {users}",
    "mod.log.draw": "{who}: empate acordado por {powers}",
    "mod.log.concede": "{who}: rendición de {powers}",
    # /game status
    **forms(
        "mod.status.policy",
        one="Desorden civil tras {count} fase de movimiento sin órdenes.",
        other="Desorden civil tras {count} fases de movimiento seguidas sin órdenes.",
    ),
    "mod.status.policy_never": "Las potencias nunca se declaran en desorden civil (en una fase de movimiento sin órdenes, sus unidades igualmente solo mantienen su posición).",
    "mod.status.paused": "⏸️ En pausa, con {left} por delante hasta el plazo.",
    "mod.status.civil_disorder": "En desorden civil: {powers}",
    "mod.status.draw_open": "🗳️ Hay una propuesta de empate abierta (`/draw`).",
    "mod.status.reliability": "Fases sin órdenes en este servidor: {records}",
    "mod.status.record": "{user} {missed}/{total}",
    # respuestas
    "mod.reply.role_set": "✅ Los miembros con {role} pueden moderar partidas en este servidor.",
    "mod.reply.role_cleared": "✅ Este servidor ya no tiene rol de moderador.",
    "mod.reply.done": "✅ Hecho; está publicado en el canal de la partida.",
    "mod.reply.deadline": "✅ Nuevo plazo de **{game}**: {deadline}. Está publicado en el canal de la partida.",
    "mod.reply.deadline_moved": (
        "📅 Ha pasado al siguiente día en que se juega, saltando los días libres de la partida; con "
        "`/mod deadline` puedes fijar el momento que quieras."
    ),
    "mod.reply.deadline_day_off": "⚠️ El {day} es un día libre en **{game}**; el plazo se queda ahí, como lo has fijado.",
    "mod.reply.extended_paused": (
        "✅ **{game}** sigue en pausa: quedarán {left} al reanudarla. Está publicado en el canal de la partida."
    ),
    "mod.reply.orders_title": "**{game}** — {phase}: quién ha dado órdenes",
    "mod.reply.orders_line": "{mark} {power} ({user}): {state}",
    "mod.orders.ready": "ha terminado",
    "mod.orders.complete": "órdenes dadas",
    "mod.orders.partial": "algunas órdenes",
    "mod.orders.none": "sin órdenes aún",
    "mod.orders.nothing": "ninguna orden que dar",
    "mod.reply.reminded": "📨 Recordatorio enviado a: {users}",
    "mod.reply.log_title": "**{game}** — registro de moderación",
    "mod.reply.log_empty": "Nada todavía.",
    # a reply to /draw or /concede, which may come from a DM: which game it was about
    "mod.reply.in_game": "**{game}** — {reply}",
    "mod.reply.draw_opened": "🗳️ Has propuesto un empate y has votado sí. Se ha avisado a los demás; nadie sabrá qué ha votado cada uno.",
    "mod.reply.draw_yes": "🗳️ Tu voto: sí. Nadie sabrá cómo has votado.",
    "mod.reply.draw_no": "🗳️ Tu voto: no. Nadie sabrá cómo has votado.",
    "mod.reply.draw_passed": "🤝 Tu voto ha sido el último: el empate queda acordado y la partida ha terminado.",
    "mod.reply.conceded": "🏳️ Te has rendido ante {leader}.",
    "mod.reply.conceded_end": (
        "🏳️ Te has rendido ante {leader}; todos los demás jugadores ya se habían rendido, así que la "
        "partida ha terminado."
    ),
    "mod.reply.rollback": "⏪ Última resolución deshecha: la fase «{undone}» queda anulada y la partida vuelve a «{back}», con las órdenes dadas.",
    "mod.reply.rollback_skipped": "⏪ Última resolución deshecha: la fase «{undone}» queda anulada, y con ella «{skipped}», que se jugó en el acto porque nadie tenía nada que elegir; la partida vuelve a «{back}», con las órdenes dadas.",
    "mod.reply.replaced": "🔄 {new} juega ahora con {powers}, en lugar de {old}; se ha avisado a los dos.",
}

# issue 16: game flow
MESSAGES.update(
    {
        "mod.extend_range": "`{text}`: un plazo se puede alargar de 1 minuto a 14 días cada vez.",
        "mod.deadline_too_soon": (
            "`{text}` es demasiado pronto: un plazo fijado por un moderador debe estar al menos a 1 minuto "
            "(los plazos de la partida empiezan en 5 minutos)."
        ),
        "mod.post.resumed_ready": (
            "▶️ {mod} ha reanudado **{game}**. Todo el mundo ha terminado, así que la fase «{phase}» se resuelve ahora."
        ),
        "mod.post.deadline_ready": (
            "🕒 {mod} ha fijado un nuevo plazo para **{game}**. Todo el mundo ha terminado, así que "
            "la fase «{phase}» se resuelve ahora."
        ),
        **forms(
            "mod.post.power_idle",
            one=(
                "⚠️ **{game}**: {power} lleva {count} fase de movimiento sin órdenes. Su jugador "
                "{user} está activo (ha dado órdenes para {powers}), así que {power} no se declara en desorden "
                "civil; en cada fase sin órdenes sus unidades se mantienen y las desalojadas se disuelven. "
                "{user}: acuérdate de dar órdenes también para {power}."
            ),
            other=(
                "⚠️ **{game}**: {power} lleva {count} fases de movimiento seguidas sin órdenes. Su jugador "
                "{user} está activo (ha dado órdenes para {powers}), así que {power} no se declara en desorden "
                "civil; en cada fase sin órdenes sus unidades se mantienen y las desalojadas se disuelven. "
                "{user}: acuérdate de dar órdenes también para {power}."
            ),
        ),
        "mod.log.power_idle": (
            "{who}: {power} sin órdenes durante {count} fases de movimiento seguidas; su jugador está activo"
        ),
    }
)
