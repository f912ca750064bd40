"""Textos en español del issue 23: suplentes automáticos (el bot cuidador de una potencia en
desorden civil, bots en las plazas vacías), tomar una plaza libre, el tablón de suplentes."""

MESSAGES: dict[str, str] = {
    # comandos
    "cmd.game.create.civil_disorder_player": "Quién juega una potencia en desorden civil: «mantener» (según el reglamento) o el cuidador",
    "cmd.game.create.bots": "Los bots juegan las potencias libres: de 1 a 6 jugadores empiezan una partida de 7, y uno, un duelo",
    "cmd.game.start.bots": "Los bots juegan las potencias que nadie tomó (partida de 7 potencias o duelo)",
    "cmd.game.join.power": "Con la partida en marcha: una plaza libre que tomar (de un bot o en desorden civil)",
    "cmd.mod.settings.civil_disorder_player": "Quién juega una potencia en desorden civil: «mantener» (según el reglamento) o el cuidador",
    "cmd.mod.settings.join_approval": "¿Tomar una plaza libre necesita la aprobación de un moderador?",
    "cmd.mod.settings.substitutes": "Publicar las plazas libres en el tablón de suplentes, visible desde todos los servidores",
    "cmd.mod.settings.min_reliability": "Porcentaje mínimo de sus fases en que un recién llegado debe haber dado órdenes (0: cualquiera)",
    "cmd.mod.seat": "Aceptar o rechazar la petición de una plaza libre",
    "cmd.mod.seat.request": "El número de la petición",
    "cmd.mod.seat.accept": "True: aceptar; False: rechazar",
    "cmd.substitutes": "Tomar una plaza libre en una partida de cualquier servidor",
    "cmd.substitutes.list": "Las plazas libres de las partidas que buscan suplente",
    "cmd.substitutes.apply": "Pedir una plaza libre del tablón de suplentes",
    "cmd.substitutes.apply.seat": "La plaza (partida y potencia), de la lista",
    "standin.choice.hold": "mantener: sus unidades se mantienen (según el reglamento)",
    "standin.choice.caretaker": "cuidador: la juega un bot",
    # ajustes
    "settings.civil_disorder_player.hold": "Una potencia en desorden civil: sus unidades se mantienen (según el reglamento).",
    "settings.civil_disorder_player.caretaker": (
        "Una potencia en desorden civil: la juega el cuidador 🤖 desde su fase siguiente "
        "(primero las órdenes de reserva de su jugador)."
    ),
    "settings.bots.yes": "🤖 Los bots juegan las potencias que nadie tomó.",
    "settings.join_approval.yes": "Plazas libres (`/game join power:`): se toman en la fase siguiente, con la aprobación de un moderador.",
    "settings.join_approval.no": "Plazas libres (`/game join power:`): se toman en la fase siguiente, sin aprobación.",
    "settings.substitutes.yes": "Las plazas libres están en el tablón de suplentes (`/substitutes list`).",
    "settings.substitutes.no": "Las plazas libres no están en el tablón de suplentes.",
    "settings.min_reliability": "Un recién llegado debe haber dado órdenes en al menos el {percent}% de sus fases.",
    "settings.min_reliability_any": "Cualquier jugador puede tomar una plaza libre, sea cual sea su historial.",
    # publicaciones
    "post.bot_mark": " 🤖",
    "post.played_by.caretaker": " — 🤖 *cuidador*",
    "post.played_by.dumbbot": " — 🤖 *la juega un bot*",
    "post.bots": "🤖 Las juegan bots: {powers}",
    "status.played_by.caretaker": "🤖 Las juega el cuidador: {powers}",
    "status.played_by.dumbbot": "🤖 Las juegan bots: {powers}",
    "status.open_seats": "🪑 Plazas libres: {powers} (`/game join power:`)",
    "standin.post.takes": (
        "🤖 **{game}**: desde la fase siguiente el **cuidador** juega {power}; sus órdenes van marcadas con 🤖. "
        "Otro jugador puede tomar la plaza con `/game join power:`."
    ),
    "standin.post.left": "🤖 **{game}**: el cuidador devuelve {power} a {user}.",
    "standin.post.left_anon": "🤖 **{game}**: el cuidador ya no juega {power}.",
    "standin.post.seat_asked": (
        "🪑 **{game}**: {user} pide tomar {power} (petición **{number}**). "
        "Moderadores {mods}: `/mod seat request:{number} accept:True` (o `False`)."
    ),
    "standin.post.offered": "🪑 **{game}**: {user} pide dejar la partida; {powers} queda como plaza libre (`/game join power:`).",
    "standin.post.seat_asked_unnamed": (
        "🪑 **{game}**: {user} pide tomar {power} (petición **{number}**). "
        "Moderadores: `/mod seat request:{number} accept:True` (o `False`)."
    ),
    "standin.post.seat_taken": "🪑 **{game}**: {user} juega ahora {power}, desde esta fase. ¡Te damos la bienvenida!",
    "standin.someone": "un jugador",
    # mensajes directos
    "standin.dm.asked": "👋 Has pedido {power} en **{game}**. Te avisaré aquí cuando la plaza sea tuya.",
    "standin.dm.accepted": "✅ **{game}**: puedes tomar {power}. Es tuya desde la fase siguiente; sus órdenes te llegarán por MD.",
    "standin.dm.refused": "**{game}**: los moderadores no te han dado {power}.",
    "standin.dm.taken_over": "🔄 Otro jugador juega ahora {powers} en **{game}**, la plaza que dejaste. ¡Gracias por jugar!",
    # respuestas
    "standin.reply.asked": "🪑 Has pedido {power} en **{game}**. Deciden los moderadores; recibirás un MD.",
    "standin.reply.queued": "🪑 {power} en **{game}** es tuya desde la fase siguiente. Sus órdenes te llegarán por MD.",
    "standin.reply.leaving": (
        "🪑 Tu plaza en **{game}** queda libre: sigues jugando {powers} hasta que alguien la tome "
        "(o un moderador te sustituya)."
    ),
    "standin.reply.accepted": "✅ {user} juega {power} desde la fase siguiente.",
    "standin.reply.refused": "La petición de {power} queda rechazada.",
    "standin.reply.replaced_bot": "🔄 {new} juega ahora {powers} en lugar del bot 🤖; ya se le ha avisado.",
    # rechazos
    "standin.bad_player": "❌ `{text}` no es una opción para una potencia en desorden civil: elige «mantener» o «cuidador».",
    "standin.bots_seven": "❌ Los bots llenan las plazas vacías de una partida de 7 potencias (`players:7`) o de un duelo (`variant:fva`, tú contra el bot), no de una partida de 2 a 6 jugadores.",
    "standin.reclaim": (
        "❌ El cuidador ha jugado {power} en **{game}** desde que la dejaste: la plaza está libre y ya no puedes "
        "darle órdenes. Un moderador puede devolvértela (`/mod civil-disorder state:off`)."
    ),
    "standin.not_open": (
        "❌ {power} no es una plaza libre en **{game}**. Las plazas libres son las potencias de un bot o en desorden civil."
    ),
    "standin.join_forming": "❌ La partida **{game}** aún no ha empezado: únete con `/game join`, sin elegir potencia.",
    "standin.already_playing": "❌ Ya juegas en **{game}**.",
    "standin.already_leaving": "❌ Ya has pedido dejar **{game}**; sigues jugando hasta que alguien tome tu plaza.",
    "standin.already_asked": "❌ Ya has pedido una plaza en **{game}**; espera a los moderadores.",
    "standin.seat_taken": "❌ Alguien ya está tomando {power} en **{game}**.",
    "standin.no_request": "❌ No hay ninguna petición **{number}** pendiente en **{game}**.",
    "standin.board_gone": "❌ Esa plaza ya no está en el tablón de suplentes. Mira `/substitutes list`.",
    # el tablón de suplentes
    "standin.board.title": "🪑 **Plazas libres** (partidas que buscan suplente):",
    "standin.board.line": (
        "• **{game}** en {server}: {power}, {centres}, {year}; próximo plazo {deadline}; "
        "{language}; negociación: {press}; fiabilidad pedida: {reliability}"
    ),
    "standin.board.any": "cualquiera",
    "standin.board.min": "haber dado órdenes en al menos el {percent}% de las fases",
    "standin.board.how": "Pide una con `/substitutes apply`; deciden los moderadores de la partida.",
    "standin.board.empty": "🪑 Ahora mismo ninguna partida busca suplente.",
    "standin.board.unreliable": (
        "❌ **{game}** pide jugadores que hayan dado órdenes en al menos el {percent}% de sus fases; tú, en el {yours}%."
    ),
    "standin.dm.invite": "📨 **{game}** se juega en el servidor **{server}**, donde tomas {power}: {url}",
    "standin.reply.invited": "📨 {user} ha recibido por MD una invitación a este servidor.",
    "standin.reply.no_invite": (
        "⚠️ No he podido crear una invitación aquí (el bot necesita el permiso «Crear invitación»): envía tú una invitación a {user}."
    ),
    "standin.reply.invite_not_sent": "⚠️ {user} no acepta mis MD: envíale tú esta invitación: {url}",
    # /mod log
    "mod.log.standin": "{who}: 🤖 {power} la jugó un suplente automático: {orders}",
    "mod.log.seat_asked": "{who}: pidió {power}",
    "mod.log.seat_accepted": "{who}: dio {power} a {user}",
    "mod.log.seat_refused": "{who}: no dio {power} a {user}",
    "mod.log.seat_taken": "{who}: {user} tomó {power}",
    "mod.log.seat_left": "{who}: pidió dejar {powers}",
    "anon.log.seat_left": "{who}: un jugador pidió dejar {powers}",
    "anon.log.seat_asked": "{who}: un jugador pidió {power}",
    "anon.log.seat_accepted": "{who}: dio {power} a un jugador",
    "anon.log.seat_refused": "{who}: no dio {power} a un jugador",
    "anon.log.seat_taken": "{who}: un jugador tomó {power}",
}
