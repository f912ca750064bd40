"""Español: los permisos que necesita una partida, dichos a quien la modera (issue 24)."""

MESSAGES = {
    # los nombres que les da Discord (Ajustes del servidor -> Roles; Editar canal -> Permisos)
    "perm.name.view_channel": "Ver canal",
    "perm.name.send_messages": "Enviar mensajes",
    "perm.name.attach_files": "Adjuntar archivos",
    "perm.name.read_message_history": "Leer el historial de mensajes",
    "perm.name.manage_channels": "Gestionar canales",
    "perm.name.manage_roles": "Gestionar roles",
    "perm.name.manage_roles.channel": "Gestionar permisos",
    "perm.name.create_instant_invite": "Crear invitación",
    "perm.name.add_reactions": "Añadir reacciones",
    "perm.name.create_public_threads": "Crear hilos públicos",
    "perm.name.create_private_threads": "Crear hilos privados",
    "perm.name.send_messages_in_threads": "Enviar mensajes en hilos",
    # una línea por permiso que falta
    "perm.line.channel": "• **{permission}** en {channel}: {use}",
    "perm.line.server": "• **{permission}** (un permiso de servidor de mi rol): {use}",
    "perm.use.posts": "ahí publico los resultados, las nuevas fases y los plazos de la partida.",
    "perm.use.maps": "los mapas acompañan esas publicaciones.",
    "perm.use.history": (
        "tras una caída busco ahí lo que ya había enviado; sin él, una publicación puede salir dos veces."
    ),
    "perm.use.press_channels": "para crear la categoría de negociación de la partida y sus canales privados.",
    "perm.use.press_access": "para dar y quitar a cada jugador el acceso a sus canales de negociación.",
    "perm.use.channel_access": (
        "para que los jugadores no escriban ahí mientras la negociación está cerrada o la partida es anónima, "
        "y para que los espectadores puedan leerlo."
    ),
    # /game create y /game start
    "perm.use.invites": "para invitar a un suplente de otro servidor cuando ocupe una plaza en esta partida.",
    "perm.use.locks": "Discord solo me deja cerrarlo en un canal bloqueado (y volver a abrirlo) si yo mismo lo tengo.",
    "perm.create.required": "⚠️ **{game}** no puede empezar hasta que tenga estos permisos:",
    "perm.create.optional": "⚠️ **{game}** puede empezar, pero sin estos permisos una parte no funcionará:",
    "start.permissions": "⛔ **{game}** no puede empezar: me faltan permisos que necesita.",
    "perm.start.optional": "⚠️ **{game}** ha empezado, pero me faltan estos permisos:",
    "perm.settings.missing": "⚠️ Con estos ajustes, **{game}** necesita permisos que no tengo:",
    "perm.footer": "Dáselos a mi rol (Ajustes del servidor → Roles) o en el canal (Editar canal → Permisos).",
    "perm.footer.start": (
        "Dáselos a mi rol (Ajustes del servidor → Roles) o en el canal (Editar canal → Permisos) "
        "y vuelve a usar `/game start`."
    ),
    "perm.footer.press": "Cuando los tenga, usa `/press repair` en el canal de la partida.",
    # un permiso retirado a mitad de partida: un mensaje directo a quien la creó, una vez
    "perm.lost": (
        "⚠️ **{game}**: no puedo publicar en {channel}. Permisos que me faltan allí: {permissions}. Las "
        "publicaciones de la partida se guardan y saldrán en cuanto pueda volver a publicar allí."
    ),
    # no se puede preparar (del todo) la negociación: un mensaje directo a quien creó la partida, una vez
    "perm.press.lost": (
        "⚠️ **{game}**: no puedo preparar todo lo que necesita su negociación. Falta: {missing}. La partida "
        "sigue; cuando esté resuelto, usa `/press repair` en {channel}."
    ),
    "perm.press.server": "**{permission}** (un permiso de servidor de mi rol)",
    "perm.press.in_channel": "**{permission}** en {channel}",
    "perm.press.channel_limit": "sitio para más canales (500 por servidor, 50 por categoría)",
}
