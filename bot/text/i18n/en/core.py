"""English texts of the core game (issue 4). Other languages copy these keys; placeholders in braces stay as they are."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # /game create
    "create.done": (
        "🎲 **{game}** is open for {players} players in this channel.\n"
        "Deadlines: moves {movement}, retreats {retreat}, adjustments {adjustment}.\n"
        "Join with `/game join` (you too, {creator}, if you play); {creator} starts it with `/game start` when everyone is in."
    ),
    "create.bad_name": "Give the game a name of 1 to {limit} characters.",
    "create.bad_players": "Diplomacy is played by 2 to 7 players.",
    "create.bad_variant": "I don't know that format. Choose one from the list: the standard game, France vs Austria, England vs Turkey or Germany vs Italy.",
    "create.variant": "Format: **{variant}**. The other five powers are absent: their supply centres are neutral and empty. 18 centres win.",
    "create.fog": "🌫️ Fog of War: each player sees only the provinces next to their units and centres, and gets their map and results by direct message. How many centres each power holds stays public.",
    "variant.standard": "Standard game",
    "variant.fva": "France vs Austria",
    "variant.evt": "England vs Turkey",
    "variant.gvi": "Germany vs Italy",
    "create.channel_taken": "This channel already has a game (**{game}**). Use another channel for a new game.",
    "schedule.kind.movement": "moves",
    "schedule.kind.retreat": "retreats",
    "schedule.kind.adjustment": "adjustments",
    "schedule.unreadable": (
        "I can't read the {kind} deadline `{text}`. Use a length such as `24h`, `90m`, "
        "`2d`, or a time of day with a time zone such as `20:00 Europe/Madrid`."
    ),
    "schedule.out_of_range": "The {kind} deadline `{text}` must be between 5 minutes and 14 days.",
    "schedule.bad_time": "`{text}` is not a time of day. Use 24-hour time such as `20:00`.",
    "schedule.bad_zone": "I don't know the time zone `{text}`. Use a name such as `Europe/Madrid` or `America/New_York`.",
    # lengths of time (deadlines, pauses, reminders): 1d 14h
    **forms("duration.day", other="{n}d"),
    **forms("duration.hour", other="{n}h"),
    **forms("duration.minute", other="{n}m"),
    # joining
    "game.none_here": "There is no game in this channel. Create one with `/game create`.",
    "game.unknown": "I can't find that game. Pick one from the list.",
    "join.done": "✅ You joined **{game}** ({joined} of {players} players).",
    "join.full_now": "Everyone is in! {creator} can start the game with `/game start`.",
    "join.started": "**{game}** has already started.",
    "join.already": "You are already in **{game}**.",
    **forms(
        "join.full",
        one="**{game}** already has its {count} player.",
        other="**{game}** already has its {count} players.",
    ),
    "join.dm_welcome": "👋 You joined **{game}**. I will send your phases and reminders here; you can give orders here with `/order`.",
    "join.dm_closed": (
        "I can't send you direct messages, and the game needs them. In Discord, open this server's menu → "
        "**Privacy Settings** and turn on **Direct Messages**, then use `/game join` again."
    ),
    "leave.done": "You left **{game}**.",
    "leave.started": "**{game}** has started: you can't leave it now.",
    "leave.not_in": "You are not in **{game}**.",
    "start.not_allowed": "Only the creator of **{game}** or a member with Manage Server can start it.",
    "start.already": "**{game}** has already started.",
    **forms(
        "start.waiting",
        one="**{game}** needs {count} player; joined so far: {joined}.",
        other="**{game}** needs {count} players; joined so far: {joined}.",
    ),
    "start.done": "▶️ **{game}** has started. Powers and the first deadline are posted here; players got a DM.",
    # status and maps
    "status.forming": "**{game}** is waiting for players: {joined} of {players} joined ({users}).",
    "status.title": "**{game}** — {phase}\nDeadline: {deadline}",
    "status.line": "{mark} {user} ({powers}): {state}",
    "status.ready": "ready",
    "status.complete": "orders in",
    "status.partial": "some orders",
    "status.none": "no orders yet",
    "status.nothing": "nothing to order",
    "status.over_solo": "🏆 **{game}** is over: **{powers}** won outright ({when}).",
    "status.over_draw": "🤝 **{game}** is over: a draw shared by **{powers}** ({when}).",
    "status.over_concession": "🏳️ **{game}** is over: every other player conceded to **{powers}** ({when}).",
    "map.caption": "**{game}** — {phase}",
    "map.not_started": "**{game}** hasn't started yet, so there is no map.",
    "fog.board_hidden": "🌫️ **{game}** is played with Fog of War: the board, its history and the other powers' orders stay hidden until the game ends. Your own map comes with each phase in your direct messages.",
    "create.fog_one_power": "Fog of War needs one power per player: choose 5, 6 or 7 players, or a duel.",
    "map.unknown_phase": "There is no phase `{text}` in this game. Phases so far: {phases}.",
    # orders
    "order.not_started": "Your game hasn't started yet.",
    "order.no_games": "You are not playing in any game. Join one with `/game join` in its channel.",
    "order.which_game": "You are in several games ({games}): choose one with the `game` option.",
    "order.not_player": "You are not a player in **{game}**.",
    "order.not_player_here": (
        "This channel is **{game}**'s and you don't play in it. Use the command in your own game's "
        "channel, or in a DM with me (the `game` option picks the game)."
    ),
    "order.not_started_game": "**{game}** hasn't started yet.",
    "order.finished": "**{game}** is over.",
    "order.ended_solo": "**{game}** is over: {powers} won outright ({when}). There is nothing more to order in it.",
    "order.ended_draw": "**{game}** is over: it ended in a draw shared by {powers} ({when}). There is nothing more to order in it.",
    "order.ended_concession": "**{game}** is over: every other player conceded to {powers} ({when}). There is nothing more to order in it.",
    "order.deadline_passed": "The deadline of {phase} in **{game}** has passed: orders are closed. Nothing was changed.",
    "order.resolving": "{phase} in **{game}** is being resolved now: orders are closed. Nothing was changed.",
    "order.phase_moved_on": (
        "**{game}** has moved on from {phase} to {now}: your orders were for a phase "
        "that is over, so nothing was stored. Check the new position and order again."
    ),
    "order.empty": "Type one or more orders, e.g. `A PAR - BUR; F BRE - MAO`.",
    "order.no_power": "You have no power to order in **{game}**.",
    "parse.unknown_word": "I don't know the word “{word}”. Did you mean: {suggestions}?",
    "parse.unknown_word_alone": "I don't know the word “{word}”. Check the spelling: a province can be written in full or as its code (e.g. `BUR`).",
    "parse.expected_province": "I expected a province where “{word}” is.",
    "parse.incomplete": "This order is incomplete: something is missing at the end.",
    "parse.unexpected_word": "I can't read “{word}” here.",
    "parse.missing_unit_type": "Say whether it is an army (A) or a fleet (F).",
    "parse.bad_coast": "That coast doesn't exist here. The coasts are: {suggestions}.",
    "parse.stray_coast": "The coast “{word}” must stand next to a province.",
    "parse.empty": "That order is empty.",
    "parse.convoy_fleet": "Only armies can be convoyed.",
    "parse.wrong_nationality": "“{word}”: the unit in {province} belongs to {owner}, not to {power}. Check the order, or leave the nationality out.",
    "parse.too_long": "This order is too long: write one order per line.",
    "reply.header": "**{game}** — {phase}",
    "reply.ok": "✅ `{order}`",
    "reply.error": "❌ `{text}`: {reason}",
    "reply.missing": "Still without an order: {units}",
    "reply.all_ordered": "All your units have orders.",
    "reply.nothing_to_order": "You have nothing to order in this phase.",
    "reply.deadline": "Deadline: {deadline}. You can change orders until then; the last order for a unit counts.",
    "reply.ready": "You are marked **ready**.",
    "orders.title": "Your orders in **{game}** — {phase}:",
    "orders.none": "You have given no orders yet.",
    **forms(
        "orders.missing_builds",
        one="{power}: {count} build not ordered (it will be waived)",
        other="{power}: {count} builds not ordered (they will be waived)",
    ),
    **forms(
        "orders.missing_disbands",
        one="{power}: {count} disband not ordered (the rules will choose)",
        other="{power}: {count} disbands not ordered (the rules will choose)",
    ),
    **forms("clear.done", one="🧹 {count} order cleared.", other="🧹 {count} orders cleared."),
    "clear.nothing": "You have no order for `{text}` to clear.",
    "ready.done": "👍 You are ready. The phase resolves when every player is ready, or at the deadline.",
    "ready.resolving": "👍 Everyone is ready: the phase is being resolved now.",
    "ready.warning": "⚠️ Heads up: {units} have no order and will hold (or be handled by the rules).",
    "unready.done": "You are no longer marked ready.",
    # posts in the game channel
    "post.started": "🎲 **{game}** has started!\n{assignments}\n\n**{phase}** — deadline {deadline}\nSend your orders with `/order` (here or in a DM with me).",
    "post.started_dm": (
        "🎲 **{game}** has started!\n{assignments}\n\n**{phase}** — deadline {deadline}\n"
        "Players can't write in this channel, so Discord shows them no commands here: use `/order`, "
        "`/orders`, `/ready`, `/game status`, `/draw`, `/concede` and every other command of the game in "
        "a DM with me (the `game` option picks the game)."
    ),
    "post.variant": "⚔️ Duel: **{variant}**",
    "post.assignment": "{user}: {powers}",
    "post.neutral": "Neutral (nobody plays them): {powers}",
    "post.results_title": "📜 **{game}** — results of {phase}",
    "post.civil_disorder": " — *civil disorder*",
    "post.missed": " — *no orders*",
    "post.implied": " *(no order)*",
    "post.destroyed": "Destroyed: {units}",
    "post.destroyed_no_retreat": "Dislodged and disbanded (no retreat possible): {units}",
    "post.no_adjustments": "No builds or disbands this winter: no power had any to make.",
    "post.unbuilt": "Builds not ordered, so not made: {powers}.",
    "post.unbuilt_power": "{power} ({count})",
    "post.no_orders": "No orders in this phase.",
    "post.new_phase": "⏳ **{game}** — **{phase}**\nDeadline: {deadline}\n\n{centres}",
    "post.centre_line": "{power}: centres {centres}, units {units}",
    "post.centre_line_fog": "{power}: centres {centres}",
    "post.fog_resolved": "🌫️ **{game}** — {phase} is resolved. Each player has what they saw, and their map, by direct message.",
    "post.fog_reveal": "🌫️ The fog lifts over **{game}**: here is the whole game, every order of every phase (the animated map and the JSON file). `/game map`, `/game board` and `/game history` now show everything.",
    "post.toss": "🪙 Coin toss: {user} wins and will play {power} from next spring.\n",
    "post.winner": "🏆 **{game}** is over: **{powers}** wins! Congratulations {users}.\n\n{centres}",
    "result.ok": "ok",
    "result.bounce": "bounced",
    "result.cut": "support cut",
    "result.dislodged": "dislodged",
    "result.no_convoy": "no convoy",
    "result.void": "void",
    "result.illegal": "illegal",
    "result.unparsed": "unreadable",
    "result.no_unit": "no such unit",
    "result.duplicate": "second order for the unit",
    "result.disband": "disbanded",
    "result.paradox": "convoy paradox",
    # direct messages
    "dm.phase_started": "⏳ **{game}** — **{phase}** has started.\n{lines}\nDeadline: {deadline}\nOrder with `/order`.",
    "dm.fog_seen": "🌫️ **{game}** — what you saw of {phase}:",
    "dm.fog_seen_nothing": "Nothing happened in your sight.",
    "dm.fog_nothing_due": "⏳ **{phase}**: nothing for you to order. Deadline: {deadline}",
    "dm.fog_centres": "Supply centres:",
    "dm.power_line": "**{power}**: {what}",
    **forms("dm.builds", one="{count} build to make", other="{count} builds to make"),
    **forms("dm.disbands", one="{count} unit to disband", other="{count} units to disband"),
    "dm.game_over": "🏁 **{game}** is over: {powers} won. Thanks for playing!",
    # errors
    "error.internal": "Sorry, something went wrong on my side. Nothing was changed; please try again.",
    "error.guild_only": "Use this command in the server channel of the game.",
}
MESSAGES["post.dm_failed"] = (
    "⚠️ I couldn't send a direct message to {user}. Please allow direct messages "
    "from this server's members (server menu → Privacy Settings)."
)

# command and option descriptions (shown in Discord's command picker)
MESSAGES.update(
    {
        "cmd.game": "Diplomacy games in this channel",
        "cmd.game.create": "Open a new game of Diplomacy in this channel",
        "cmd.game.create.name": "A name for the game",
        "cmd.game.create.players": "Number of players, 2 to 7 (default 7)",
        "cmd.game.create.variant": "The standard game (default) or a duel for two players",
        "cmd.game.create.fog": "Fog of War: players see only near their own units and centres (default: off)",
        "cmd.game.create.movement": "Deadline of move phases: 2d (default), 1d, 36h, or a time like 20:00 Europe/Madrid",
        "cmd.game.create.retreat": "Deadline of retreat phases (default 1d)",
        "cmd.game.create.adjustment": "Deadline of winter adjustments (default 1d)",
        "cmd.game.join": "Join the game of this channel",
        "cmd.game.leave": "Leave the game of this channel (once it started: your seat is open for a newcomer)",
        "cmd.game.start": "Start the game (its creator or a member with Manage Server)",
        "cmd.game.status": "Phase, deadline, and who has ordered or is ready",
        "cmd.game.map": "The current map, or the map of a past phase",
        "cmd.game.map.phase": "A phase such as S1901M (default: the current one)",
        "cmd.order": "Give one or more orders, e.g. A PAR - BUR; F BRE - MAO",
        "cmd.order.orders": "Your orders, separated by ; or new lines",
        "cmd.option.game": "Which game (when you play in several)",
        "cmd.orders": "Show your orders and the units still without one",
        "cmd.clear": "Clear one unit's order, or all your orders",
        "cmd.clear.unit": "The unit, e.g. PAR (leave empty to clear all)",
        "cmd.ready": "Say you are done: the phase resolves when everyone is ready",
        "cmd.unready": "Take back your ready",
        "status.forming_short": "waiting for players",
    }
)

# issue 16: game flow
MESSAGES.update(
    {
        "ready.paused": (
            "👍 You are ready. **{game}** is paused: nothing resolves until a moderator resumes it. Then, if "
            "every player is still ready, the phase resolves at once; otherwise at its deadline."
        ),
        "orders.silent": (
            "⚠️ No orders at all yet for {powers}: without orders a power's units hold without supporting "
            "each other and its dislodged units are disbanded, unless you order for it or say `/ready`."
        ),
        "post.missed_active": " — *no orders this phase (its player ordered for their other powers)*",
    }
)
