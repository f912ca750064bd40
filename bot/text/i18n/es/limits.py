"""Textos en español de los límites que protegen los mensajes (issue 10 §4): nombres de
partida rechazados, el tope de órdenes por comando, respuestas largas resumidas o
recortadas."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    "lookup.game_elsewhere": "Tus partidas están en otro servidor. Da tus órdenes allí o aquí, en un mensaje directo conmigo.",
    "create.name_invisible": (
        "El nombre lleva un carácter invisible ({char}) que puede ocultar o desordenar el texto. Escribe "
        "el nombre tú mismo en lugar de pegarlo, con letras, números, espacios, signos o emojis."
    ),
    "create.name_blank": (
        "El nombre no muestra nada legible. Ponle a la partida un nombre con al menos una letra, un número o un símbolo."
    ),
    "create.name_marks": (
        "El nombre acumula demasiados acentos sobre una misma letra (como mucho {limit}). Escríbelo con letras normales."
    ),
    **forms(
        "limits.too_many_orders",
        other=(
            "Son {count} órdenes en un solo comando; leo como mucho {limit} a la vez (nadie tiene más "
            "unidades que eso). Envíalas en grupos más pequeños o comprueba que has pegado el texto correcto."
        ),
    ),
    **forms("reply.accepted_count", one="✅ {count} orden aceptada.", other="✅ {count} órdenes aceptadas."),
    **forms(
        "reply.more_refused",
        one="… y {count} línea más que no he podido aceptar: corrige las de arriba y vuelve a enviar el resto.",
        other="… y {count} líneas más que no he podido aceptar: corrige las de arriba y vuelve a enviar el resto.",
    ),
    "reply.cut": "… (el resto de la respuesta era demasiado largo para mostrarlo)",
}
