"""Textos en español de las transcripciones de ``python -m bot demo``: las palabras de Discord
alrededor de los mensajes del bot y el índice."""

MESSAGES: dict[str, str] = {
    "demo.used": "**{who}** ha usado `{command}`",
    "demo.used_in": "**{who}** ha usado `{command}` en #{channel}",
    "demo.pressed": "**{who}** ha pulsado `[ {button} ]`",
    "demo.only_you": "solo tú puedes ver esto",
    "demo.in": "dentro de {span}",
    "demo.ago": "hace {span}",
    "demo.channel.intro": "Lo que vio todo el mundo en el canal de la partida, #{channel}. Las horas se cuentan desde el inicio de la demostración.",
    "demo.dm.intro": "Lo que vio {who} a solas: los mensajes directos del bot y las respuestas que solo {who} podía ver. Las horas se cuentan desde el inicio de la demostración.",
    "demo.readme.title": "Una partida de Diplomacy tal como la mostraría Discord",
    "demo.readme.intro": "python -m bot demo ha hecho jugar al bot de verdad en un Discord simulado en este ordenador el año 1901 de una partida a cuatro jugadores: órdenes por mensaje directo (una de ellas equivocada), `/ready`, un ejército desalojado y su retirada, y las construcciones del invierno.",
    "demo.readme.channel": "[channel.md](channel.md): el canal de la partida, tal como lo vio cada jugador",
    "demo.readme.dm": "[dm-{who}.md](dm-{who}.md): lo que vio {who} ({powers}) a solas",
    "demo.readme.maps": "[maps/](maps/): cada imagen que adjuntó el bot, mostrada en las transcripciones",
}
