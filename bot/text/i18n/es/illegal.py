"""Textos en español de las razones del motor para rechazar una orden (ver
``bot/text/i18n/en/illegal.py``): qué está mal y qué hacer en su lugar."""

MESSAGES: dict[str, str] = {
    "illegal.no_such_province": "No hay ninguna región «{place}» en este mapa: revisa cómo está escrita (`/order` sugiere lo que puedes escribir).",
    "illegal.no_unit": "No hay ninguna unidad en {place}. `/orders` muestra tus unidades y lo que puede hacer cada una.",
    "fog.not_your_unit": "No tienes ninguna unidad en {place}. `/orders` muestra tus unidades y lo que puede hacer cada una.",  # issue 25: a Fog of War game, a province out of sight
    "illegal.not_your_unit": "{unit} no es una de tus unidades: es de {power}. Solo puedes dar órdenes a tus propias unidades (aunque sí puedes apoyar o transportar las de otros).",
    "illegal.not_dislodged": "No hay ninguna unidad desalojada en {place}: en una fase de retiradas solo reciben órdenes las unidades desalojadas, para retirarse o disolverse.",
    "illegal.wrong_phase.movement": (
        "`{order}` no se puede dar en una fase de movimientos: ahora las unidades se mantienen, se mueven, apoyan o "
        "transportan. Las retiradas vienen después de los movimientos; las construcciones y disoluciones, en invierno."
    ),
    "illegal.wrong_phase.retreat": (
        "`{order}` no se puede dar en una fase de retiradas: ahora solo reciben órdenes las unidades desalojadas, "
        "para retirarse (`E Par R Bor`) o disolverse (`E Par D`)."
    ),
    "illegal.wrong_phase.adjustment": (
        "`{order}` no se puede dar en la fase de ajustes: ordena construcciones (`E Par C`), disoluciones (`E Par D`) o `RENUNCIA`."
    ),
    "illegal.passive_power": "{power} no recibe órdenes en esta fase (nadie la juega o está en desorden civil): sus unidades se mantienen.",
    "illegal.not_adjacent": "{unit} no puede llegar a {dest} desde donde está. Puede moverse a: {places}.",
    "illegal.closed_province": "Ninguna unidad puede entrar en {dest}, ni apoyar ni transportar un movimiento hasta allí: esa región está cerrada en esta partida.",
    "illegal.no_such_coast": "`{order}`: {dest} no es una costa a la que pueda llegar. Indica una a la que sí: {coasts}.",
    "illegal.needs_coast": "`{order}`: {dest} tiene más de una costa. Di cuál: {coasts}.",
    "illegal.convoy_needs_fleet_at_sea": "Solo una flota en el mar puede transportar; {unit} no puede. Una flota en la costa puede moverse o apoyar.",
    "illegal.only_armies_convoyed": (
        "Solo los ejércitos viajan en transporte: {unit} es una flota y se mueve por sí misma, a un mar o una costa "
        "vecinos, sin `vía transporte`."
    ),
    "illegal.only_armies_convoyed.instead": "Solo los ejércitos viajan en transporte: {unit} es una flota y se mueve por sí misma. Ordena `{instead}` en su lugar.",
    "illegal.only_armies_convoyed.fleet": "{unit} no puede transportar a {target}: solo se transportan ejércitos; una flota se mueve por sí misma.",
    "illegal.no_convoy_route": (
        "{unit} no puede transportar al ejército de {army} a {dest}: ninguna cadena de flotas de {army} a {dest} pasa por ella."
    ),
    "illegal.no_convoy_route.move": (
        "{unit} no puede ir a {dest} en transporte: ahora no hay ninguna cadena de flotas en el mar que pueda llevarlo. "
        "Por tierra solo se mueve a las regiones vecinas."
    ),
    "illegal.convoy_nothing_there": "No hay ningún ejército en {army} que {unit} pueda transportar.",
    "illegal.support_self": "{unit} no puede apoyarse a sí misma. Para quedarse donde está, ordénale mantenerse; para ayudar a otra unidad, apoya a esa.",
    "illegal.support_nothing_there": "No hay ninguna unidad en {target} a la que {unit} pueda apoyar.",
    "illegal.support_cannot_reach": "{unit} no puede dar apoyo en {dest}: una unidad solo apoya en regiones a las que podría moverse ella misma.",
    "illegal.support_move_impossible": (
        "{target} no puede moverse a {dest}, así que {unit} no puede apoyar ese movimiento. Apoya un movimiento que "
        "sí pueda hacer, o apóyala para mantenerse."
    ),
    "illegal.retreat_not_allowed": "{unit} no puede retirarse a {dest}. Puede retirarse a: {places} (o disolverse).",
    "illegal.build_not_home_centre": (
        "No puedes construir en {place}: solo se construye en tus centros de suministro iniciales ({homes}), "
        "mientras sigan siendo tuyos y estén vacíos."
    ),
    "illegal.build_not_owned": "No puedes construir en {place}: ahora no es de {power}. Puedes construir en: {places}.",
    "illegal.build_not_owned.none": "No puedes construir en {place}: ahora no es de {power}, y ninguno de tus centros iniciales está libre para construir (tuyo y vacío).",
    "illegal.build_occupied": "No puedes construir en {place}: allí está {unit}. Puedes construir en: {places}.",
    "illegal.build_occupied.none": "No puedes construir en {place}: allí está {unit}, y todos los centros iniciales que aún controlas están ocupados: ahora no hay dónde construir.",
    "illegal.build_fleet_inland": "No se puede construir una flota en {place}: no tiene costa. Construye allí un ejército.",
    "illegal.no_builds_due": (
        "No tienes construcciones que hacer este invierno: una potencia construye solo si tiene más centros de "
        "suministro que unidades y algún centro inicial propio vacío."
    ),
    "illegal.no_disbands_due": "No tienes unidades que disolver este invierno: una potencia disuelve solo si tiene más unidades que centros de suministro.",
    "illegal.too_many_adjustments": "{power} ya tiene ordenadas todas sus construcciones o disoluciones ({count}): quita antes una con `/clear`.",
    "order.nobodys": "`{order}` no es una orden que ninguna de tus potencias pueda dar ahora.",
}
