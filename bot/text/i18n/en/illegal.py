"""English texts of the engine's reasons for refusing an order (``illegal.<code>``, see
``engine.validation.Reason``; a variant after the code where one reason reads differently
for different orders, see ``bot.core.orders.giving.reason_key``). Each says what is wrong and
what to do instead. Units and places are filled in as the reader's rulebook writes them."""

MESSAGES: dict[str, str] = {
    "illegal.no_such_province": "There is no province “{place}” on this map: check the spelling (`/order` suggests what you can type).",
    "illegal.no_unit": "There is no unit in {place}. `/orders` lists your units and what each of them can do.",
    "fog.not_your_unit": "You have no unit in {place}. `/orders` lists your units and what each of them can do.",  # issue 25: a Fog of War game, a province out of sight
    "illegal.not_your_unit": "{unit} is not one of your units: it belongs to {power}. You can order only your own units (you may still support or convoy theirs).",
    "illegal.not_dislodged": "There is no dislodged unit in {place}: in a retreat phase only dislodged units get orders, to retreat or disband.",
    "illegal.wrong_phase.movement": (
        "`{order}` can't be given in a movement phase: now units hold, move, support or convoy. "
        "Retreats come after the moves; builds and disbands in winter."
    ),
    "illegal.wrong_phase.retreat": (
        "`{order}` can't be given in a retreat phase: only dislodged units get orders now, "
        "to retreat (`A PAR R BUR`) or disband (`A PAR D`)."
    ),
    "illegal.wrong_phase.adjustment": (
        "`{order}` can't be given in the adjustment phase: order builds (`A PAR B`), disbands (`A PAR D`) or `WAIVE`."
    ),
    "illegal.passive_power": "{power} takes no orders this phase (nobody plays it, or it is in civil disorder): its units hold.",
    "illegal.not_adjacent": "{unit} can't reach {dest} from where it is. It can move to: {places}.",
    "illegal.closed_province": "No unit may enter {dest}, nor support or convoy a move there: that province is closed in this game.",
    "illegal.no_such_coast": "`{order}`: {dest} is not a coast it can reach. Name one it can: {coasts}.",
    "illegal.needs_coast": "`{order}`: {dest} has more than one coast. Say which one: {coasts}.",
    "illegal.convoy_needs_fleet_at_sea": "Only a fleet in a sea can convoy; {unit} can't. A fleet on a coast can move or support.",
    "illegal.only_armies_convoyed": (
        "Only armies go by convoy: {unit} is a fleet and moves on its own, to a neighbouring sea or coast, without `VIA`."
    ),
    "illegal.only_armies_convoyed.instead": "Only armies go by convoy: {unit} is a fleet and moves on its own. Order `{instead}` instead.",
    "illegal.only_armies_convoyed.fleet": "{unit} can't convoy {target}: only armies are convoyed; a fleet moves on its own.",
    "illegal.no_convoy_route": (
        "{unit} can't convoy the army in {army} to {dest}: no chain of fleets from {army} to {dest} passes through it."
    ),
    "illegal.no_convoy_route.move": (
        "{unit} can't go to {dest} by convoy: no chain of fleets at sea could carry it there now. "
        "By land it moves only to neighbouring provinces."
    ),
    "illegal.convoy_nothing_there": "There is no army in {army} for {unit} to convoy.",
    "illegal.support_self": "{unit} can't support itself. To stay where it is, order it to hold; to help another unit, support that one.",
    "illegal.support_nothing_there": "There is no unit in {target} for {unit} to support.",
    "illegal.support_cannot_reach": "{unit} can't support into {dest}: a unit supports only into provinces it could move to itself.",
    "illegal.support_move_impossible": (
        "{target} can't move to {dest}, so {unit} can't support that move. Support a move it can make, or support it to hold."
    ),
    "illegal.retreat_not_allowed": "{unit} can't retreat to {dest}. It may retreat to: {places} (or disband).",
    "illegal.build_not_home_centre": (
        "You can't build in {place}: units are built only in your own home centres ({homes}), "
        "while you still own them and they are empty."
    ),
    "illegal.build_not_owned": "You can't build in {place}: {power} does not own it now. You can build in: {places}.",
    "illegal.build_not_owned.none": "You can't build in {place}: {power} does not own it now, and none of your home centres is free to build in (yours and empty).",
    "illegal.build_occupied": "You can't build in {place}: {unit} stands there. You can build in: {places}.",
    "illegal.build_occupied.none": "You can't build in {place}: {unit} stands there, and every home centre you still own is occupied: there is nowhere to build now.",
    "illegal.build_fleet_inland": "A fleet can't be built in {place}: it has no coast. Build an army there instead.",
    "illegal.no_builds_due": (
        "You have no builds to make this winter: a power builds only when it has more supply centres than units "
        "and an empty home centre of its own."
    ),
    "illegal.no_disbands_due": "You have no units to disband this winter: a power disbands only when it has more units than supply centres.",
    "illegal.too_many_adjustments": "{power} already has all its builds or disbands ordered ({count}): `/clear` one of them first.",
    "order.nobodys": "`{order}` is not an order any of your powers can give now.",
}
