"""Textos en español de la prensa, las partidas anónimas, los espectadores y los ajustes (issue 14)."""

MESSAGES: dict[str, str] = {
    # comandos
    "cmd.press": "Negociación: conversaciones privadas entre potencias",
    "cmd.press.open": "Abrir una conversación privada con una o más potencias",
    "cmd.press.open.with": "La potencia con la que hablar",
    "cmd.press.open.more": "Otra potencia más (opcional)",
    "cmd.press.send": "Partidas anónimas: enviar un mensaje con el nombre de tu potencia",
    "cmd.press.send.to": "Quién lo recibe: una potencia, uno de tus grupos o todos (el canal de la partida)",
    "cmd.press.send.text": "Tu mensaje",
    "cmd.press.repair": "Moderadores: volver a preparar los canales de negociación (tras arreglar los permisos)",
    "cmd.game.watch": "Seguir esta partida: leer su canal y sus mapas (nunca las negociaciones ni las órdenes)",
    "cmd.game.watch.game": "La partida que seguir (por defecto: la de este canal)",
    "cmd.game.unwatch": "Dejar de seguir esta partida",
    "cmd.game.create.press": "Negociación: completa (por defecto), pública, ninguna o del reglamento",
    "cmd.game.create.anonymous": "Jugadores conocidos solo por sus potencias hasta el final (por defecto: no)",
    "cmd.game.create.spectators": "Los miembros pueden seguir la partida con /game watch (por defecto: sí)",
    "cmd.mod.settings": "Ver o cambiar los ajustes de la partida (negociación, plazos, idioma…)",
    "cmd.mod.settings.press": "Negociación (solo antes de empezar)",
    "cmd.mod.settings.anonymous": "Jugadores conocidos solo por sus potencias (solo antes de empezar)",
    "cmd.mod.settings.spectators": "Los miembros del servidor pueden seguir la partida",
    "cmd.mod.settings.reveal": "Al final, todos los jugadores pueden leer todas las negociaciones de la partida",
    "cmd.mod.settings.moderators_read": "Los moderadores pueden leer los canales de negociación (nunca escribir en ellos)",
    "cmd.mod.settings.movement": "Plazo de las fases de movimiento, desde la próxima: 2d, 36h, 20:00 Europe/Madrid...",
    "cmd.mod.settings.retreat": "Plazo de las retiradas, desde la próxima",
    "cmd.mod.settings.adjustment": "Plazo de los ajustes de invierno, desde el próximo",
    "cmd.mod.settings.civil_disorder": "Fases de movimiento seguidas sin órdenes antes del desorden civil (0 = nunca)",
    "cmd.mod.settings.language": "Idioma de las publicaciones y los mapas de la partida",
    "press.choice.full": "completa: canales privados para cada par de potencias",
    "press.choice.public": "pública: solo el canal de la partida",
    "press.choice.none": "ninguna: sin negociación de ningún tipo",
    "press.choice.rulebook": "del reglamento: sin negociación durante retiradas y ajustes",
    "press.choice.everyone": "Todos (el canal de la partida)",
    # ajustes
    "settings.title": "⚙️ **Ajustes**",
    "settings.press": "Negociación: {mode}",
    "press.mode.full": "completa — un canal privado para cada par de potencias, grupos a petición y el canal de la partida",
    "press.mode.public": "pública — solo en el canal de la partida",
    "press.mode.none": "ninguna — nada de negociación; los jugadores no pueden escribir en el canal de la partida",
    "press.mode.rulebook": (
        "del reglamento — canales privados y el canal de la partida, cerrados durante las retiradas y los ajustes"
    ),
    "settings.anonymous.yes": "Anónima: los jugadores solo se conocen por sus potencias hasta el final",
    "settings.anonymous.no": "No anónima: todos ven quién juega cada potencia",
    "settings.spectators.yes": (
        "Espectadores bienvenidos: `/game watch` para leer este canal y los mapas (nunca las negociaciones ni las órdenes)"
    ),
    "settings.spectators.no": "Sin espectadores",
    "settings.reveal.yes": "Al final, todos los jugadores pueden leer todas las negociaciones de la partida",
    "settings.reveal.no": "Las negociaciones siguen siendo privadas tras el final",
    "settings.moderators_read.yes": "Los moderadores pueden leer las negociaciones (nunca escriben en ellas)",
    "settings.moderators_read.no": "Los moderadores no leen las negociaciones",
    "settings.movement": "Plazo de las fases de movimiento: {schedule}",
    "settings.retreat": "Plazo de las retiradas: {schedule}",
    "settings.adjustment": "Plazo de los ajustes: {schedule}",
    "settings.deadlines": "Plazos: movimientos {movement}, retiradas {retreat}, ajustes {adjustment}",
    "settings.language": "Idioma: {language}",
    "settings.draw": "Empate: compartido por todas las potencias supervivientes, votado en secreto con `/draw`",
    "settings.reply.view": "Ajustes de **{game}**:",
    "settings.reply.changed": "✅ Ajustes de **{game}** cambiados; se ha publicado en el canal de la partida.",
    "settings.post.changed": "⚙️ {mod} cambió los ajustes de **{game}**:\n{lines}",
    "settings.fixed": "**{game}** ya ha empezado: {names} solo se puede cambiar antes del comienzo.",
    "settings.nothing": "Elige al menos un ajuste que cambiar en **{game}**.",
    "settings.bad_language": "`{text}` no es uno de mis idiomas.",
    # avisos en los canales de prensa
    "press.notice.with_moderators": " y los moderadores",
    "press.notice.pair": (
        "🤝 **{game}** — negociación privada entre **{a}** y **{b}**. Solo vosotros dos{mods} podéis leer este "
        "canal; ningún otro jugador puede."
    ),
    "press.notice.group": "👥 **{game}** — negociación privada entre **{powers}**. Solo vosotros{mods} podéis leer este canal.",
    "press.notice.inbox": (
        "📬 **{game}** — el buzón de **{power}**. Los mensajes para {power} llegan aquí con el nombre de la "
        "potencia que los envía; escribe con `/press send` en un mensaje directo conmigo (aquí no escribe "
        "nadie). Solo tú{mods} puedes leerlo, y nadie sabrá quién juega cada potencia hasta que acabe la partida."
    ),
    "press.notice.closed": (
        "🔒 La negociación está cerrada durante «{phase}»: no se negocia en las retiradas ni en los ajustes. Puedes "
        "leer este canal, pero no escribir en él hasta la próxima fase de movimiento."
    ),
    "press.notice.open": "🔓 La negociación vuelve a estar abierta: {phase}.",
    "press.notice.over": "🏁 **{game}** ha terminado. Ya nadie escribe aquí.",
    "press.notice.over_reveal": (
        "🏁 **{game}** ha terminado. Ya nadie escribe aquí, y todos los jugadores de la partida pueden leer "
        "ahora esta conversación."
    ),
    "press.notice.game_closed": (
        "🔒 **{game}**: la negociación está cerrada durante «{phase}» (negociación según el reglamento). Los "
        "jugadores no pueden escribir aquí ni en sus canales de negociación hasta la próxima fase de movimiento; "
        "mientras tanto, usa `/order`, `/ready` y los demás comandos en un mensaje directo conmigo."
    ),
    "press.notice.game_open": "🔓 **{game}**: la negociación vuelve a estar abierta en «{phase}».",
    "press.notice.game_over": "🏁 **{game}** ha terminado: sus jugadores pueden volver a escribir aquí.",
    # publicaciones de prensa
    "press.post.relay": "📨 **{sender}** → **{to}**:\n{message}",
    "press.post.relay_copy": "📤 Tú (**{sender}**) → **{to}**:\n{message}",
    "press.dm.relay": "📨 **{game}** — **{sender}** → **{to}**:\n{message}",
    "press.post.public": "📢 **{sender}**:\n{message}",
    "press.post.reveal": "🎭 **{game}** se jugó de forma anónima. Quién jugó cada potencia:\n{lines}",
    "press.problem.title": "⚠️ **{game}** — {mods}: no puedo preparar todo lo que necesita la negociación de esta partida.",
    "press.problem.manage_channels": (
        "• **Gestionar canales** (un permiso de servidor del rol del bot): lo necesito para crear la "
        "categoría de negociación de la partida y sus canales privados."
    ),
    "press.problem.manage_roles": (
        "• **Gestionar roles** (un permiso de servidor del rol del bot; en un canal se llama «Gestionar permisos»): lo necesito para dar y quitar el acceso a los canales de negociación, cerrarlos mientras la negociación está cerrada y abrirlos al final."
    ),
    "press.problem.game_channel": (
        "• **Gestionar permisos** en este canal: lo necesito para que los jugadores no escriban aquí mientras "
        "la negociación está cerrada o la partida es anónima, y para que los espectadores puedan leerlo."
    ),
    "press.problem.channel_limit": (
        "• Discord no admite más canales (500 por servidor, 50 por categoría): borrad las categorías de negociación "
        "de las partidas terminadas."
    ),
    "press.problem.footer": (
        "Mientras tanto la partida sigue. Cuando el bot tenga lo que necesita, usad `/press repair` en este canal."
    ),
    "press.problem.anonymous": "Hasta entonces, los mensajes enviados con `/press send` llegan a los jugadores por mensaje directo.",
    # publicaciones enmascaradas de una partida anónima
    "anon.post.assignments": "🎭 Los jugadores solo se conocen por sus potencias hasta el final. Potencias en juego: {powers}",
    "anon.post.toss": (
        "🪙 Sorteo: {power} se une a uno de los jugadores desde la próxima primavera (lo verá en sus mensajes directos).\n"
    ),
    "anon.post.cd_declared": (
        "⚠️ **{game}**: {power} lleva demasiadas fases de movimiento seguidas sin órdenes ({count}) y ahora está en "
        "**desorden civil**: sus unidades mantienen la posición sin apoyarse entre sí, las desalojadas se "
        "disuelven y no construye. Moderadores ({mods}): `/mod replace` puede dársela a un jugador nuevo."
    ),
    "anon.post.cd_left": "✅ **{game}**: {power} ha vuelto a dar órdenes y ya no está en desorden civil.",
    "anon.post.power_idle": (
        "⚠️ **{game}**: {power} lleva {count} fases de movimiento seguidas sin órdenes, aunque su jugador da "
        "órdenes para sus otras potencias, así que no se declara en desorden civil; en cada fase sin órdenes "
        "sus unidades mantienen la posición y las desalojadas se disuelven."
    ),
    "anon.post.conceded": "🏳️ **{game}**: {powers} se rinde ante {leader}.",
    "anon.post.dm_failed": (
        "⚠️ **{game}**: no he podido enviar un mensaje directo a uno de los jugadores. Jugadores: permitid los "
        "mensajes directos de los miembros de este servidor (menú del servidor → Ajustes de privacidad)."
    ),
    "anon.mod.cd_on": "⚠️ {mod} ha puesto a {power} en **desorden civil** en **{game}**.",
    "anon.mod.cd_off": "✅ {mod} ha sacado a {power} del desorden civil en **{game}**.",
    "anon.mod.replaced": "🔄 {mod}: {powers} tiene un jugador nuevo en **{game}**.",
    "anon.mod.reminded": "📨 {mod} ha recordado a los jugadores que aún no tienen órdenes en **{game}** que las envíen.",
    "anon.moderator": "Un moderador",
    "anon.moderators": "los moderadores",
    "anon.previous_player": "el jugador anterior",
    "anon.status.line": "{mark} {powers}: {state}",
    "anon.status.note": "🎭 Partida anónima: los jugadores solo se conocen por sus potencias hasta el final.",
    "anon.mod.orders_line": "{mark} {power}: {state}",
    "anon.log.replace": "{who}: {powers} tiene un jugador nuevo",
    "anon.log.remind": "{who}: recordatorio a los jugadores sin órdenes",
    "anon.log.concede": "{powers} se rindió",
    "anon.mod.reminded_count": "📨 Recordatorio enviado a los jugadores que aún no tienen órdenes: {count}",
    # /mod log
    "mod.log.settings": "{who}: cambió los ajustes: {settings}",
    "mod.log.players_seen": "{who}: vio quién juega cada potencia ({view})",
    "mod.log.inboxes_read": "{who}: los moderadores leen todos los buzones, y la lista de miembros de cada buzón nombra a su jugador: pueden ver quién juega cada potencia",
    "mod.log.press_problem": "{who}: canales de negociación incompletos ({problems})",
    # rechazos
    "press.gunboat": "**{game}** se juega sin negociación: no se negocia de ninguna forma.",
    "press.closed_now": (
        "La negociación está cerrada ahora en **{game}**: no se negocia en las retiradas ni en los ajustes. Se abre "
        "de nuevo con la próxima fase de movimiento."
    ),
    "press.eliminated_self": "Tus potencias han quedado fuera de **{game}**: puedes leer sus negociaciones, pero ya no escribir.",
    "press.eliminated": "{power} ha quedado fuera de **{game}**.",
    "press.public_only": "**{game}** solo tiene negociación pública: no hay conversaciones privadas.",
    "press.open_self": "Tú juegas {power}: elige otra potencia.",
    "press.open_nobody": "Elige al menos otra potencia.",
    "press.too_many": "**{game}** ya tiene {count} conversaciones, tantas como caben en una categoría de Discord.",
    "press.empty": "Tu mensaje está vacío.",
    "press.too_long": "Un mensaje puede tener como mucho {count} caracteres.",
    "press.not_anonymous": (
        "En **{game}** los jugadores escriben ellos mismos en sus canales de negociación: `/press send` es para "
        "partidas anónimas."
    ),
    "press.not_in_group": "No estás en ese grupo de **{game}**.",
    "press.watch_off": "**{game}** no admite espectadores.",
    "press.watch_player": "Juegas en **{game}**: no necesitas seguirla como espectador.",
    "press.watch_already": "Ya sigues **{game}**.",
    "press.watch_not": "No sigues **{game}**.",
    # respuestas
    "press.reply.open": "🤝 Tu conversación con {powers}: {channel}",
    "press.reply.opening": "🤝 Se está creando tu conversación con {powers}: su canal aparecerá en un momento.",
    "press.reply.group_opened": "👥 Grupo abierto con {powers}: elígelo en `/press send to:`.",
    "press.reply.group_open": "👥 Ya tienes este grupo con {powers}: elígelo en `/press send to:`.",
    "press.reply.sent": "📨 Enviado a {powers} como {sender}.",
    "press.reply.sent_everyone": "📢 Publicado en el canal de la partida como {sender}.",
    "press.reply.by_dm": "Ha llegado a {powers} por mensaje directo: su buzón aún no está listo.",
    "press.reply.watching": (
        "👀 Sigues **{game}**: puedes leer su canal y sus mapas, nunca sus negociaciones ni las órdenes. "
        "`/game unwatch` para dejarlo."
    ),
    "press.reply.unwatched": "Ya no sigues **{game}**.",
    "press.reply.repair": (
        "🔧 Vuelvo a preparar los canales de negociación de **{game}**. Si aún falta algo, lo diré en el canal de la partida."
    ),
    # nombres de canales
    "press.category": "{name} — negociación #{id}",
    "press.channel.inbox": "buzón {power}",
    "press.topic.inbox": "El buzón de {power} en {name} (una partida anónima). Escribe con /press send en un mensaje directo al bot.",
    "press.topic.conversation": "Negociación privada de {name}: {powers}.",
}
