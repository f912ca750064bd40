"""English texts of issue 23: stand-ins (the caretaker of a power in civil disorder, bots in
empty seats), taking an open seat over, the substitute board."""

MESSAGES: dict[str, str] = {
    # commands
    "cmd.game.create.civil_disorder_player": "Who plays a power in civil disorder: hold (the rulebook) or the caretaker",
    "cmd.game.create.bots": "Bots play the powers nobody takes: 1 to 6 players start a 7-power game, 1 player a duel",
    "cmd.game.start.bots": "Bots play the powers nobody took (a 7-power game or a duel)",
    "cmd.game.join.power": "During the game: an open seat to take over (a bot's power, or one in civil disorder)",
    "cmd.mod.settings.civil_disorder_player": "Who plays a power in civil disorder: hold (the rulebook) or the caretaker",
    "cmd.mod.settings.join_approval": "Does a player taking an open seat need a moderator's approval?",
    "cmd.mod.settings.substitutes": "List this game's open seats on the substitute board, seen from every server",
    "cmd.mod.settings.min_reliability": "The share of their phases (%) a newcomer must have ordered (0: anyone)",
    "cmd.mod.seat": "Accept or refuse a player's request for an open seat",
    "cmd.mod.seat.request": "The request's number",
    "cmd.mod.seat.accept": "True: accept; False: refuse",
    "cmd.substitutes": "Open seats in games of every server: take one over",
    "cmd.substitutes.list": "The open seats of games looking for a substitute",
    "cmd.substitutes.apply": "Ask for an open seat on the substitute board",
    "cmd.substitutes.apply.seat": "The seat (game and power), from the list",
    "standin.choice.hold": "hold: its units hold (the rulebook)",
    "standin.choice.caretaker": "caretaker: a bot plays it",
    # settings
    "settings.civil_disorder_player.hold": "A power in civil disorder: its units hold (the rulebook).",
    "settings.civil_disorder_player.caretaker": (
        "A power in civil disorder: played by the caretaker 🤖 from its next phase (its player's standby orders first)."
    ),
    "settings.bots.yes": "🤖 Bots play the powers nobody took.",
    "settings.join_approval.yes": "Open seats (`/game join power:`): taken at the next phase, with a moderator's approval.",
    "settings.join_approval.no": "Open seats (`/game join power:`): taken at the next phase, no approval needed.",
    "settings.substitutes.yes": "Open seats are on the substitute board (`/substitutes list`).",
    "settings.substitutes.no": "Open seats are not on the substitute board.",
    "settings.min_reliability": "A newcomer must have ordered at least {percent}% of their phases.",
    "settings.min_reliability_any": "Any player may take an open seat, whatever their record.",
    # posts
    "post.bot_mark": " 🤖",
    "post.played_by.caretaker": " — 🤖 *caretaker*",
    "post.played_by.dumbbot": " — 🤖 *bot*",
    "post.bots": "🤖 Played by bots: {powers}",
    "status.played_by.caretaker": "🤖 Played by the caretaker: {powers}",
    "status.played_by.dumbbot": "🤖 Played by bots: {powers}",
    "status.open_seats": "🪑 Open seats: {powers} (`/game join power:`)",
    "standin.post.takes": (
        "🤖 **{game}**: from the next phase the **caretaker** plays {power}; its orders are marked 🤖. "
        "Another player can take the seat over with `/game join power:`."
    ),
    "standin.post.left": "🤖 **{game}**: the caretaker hands {power} back to {user}.",
    "standin.post.left_anon": "🤖 **{game}**: the caretaker no longer plays {power}.",
    "standin.post.seat_asked": (
        "🪑 **{game}**: {user} asks to take {power} over (request **{number}**). "
        "Moderators {mods}: `/mod seat request:{number} accept:True` (or `False`)."
    ),
    "standin.post.offered": "🪑 **{game}**: {user} asks to leave; {powers} is an open seat (`/game join power:`).",
    "standin.post.seat_asked_unnamed": (
        "🪑 **{game}**: {user} asks to take {power} over (request **{number}**). "
        "Moderators: `/mod seat request:{number} accept:True` (or `False`)."
    ),
    "standin.post.seat_taken": "🪑 **{game}**: {user} now plays {power}, from this phase. Welcome!",
    "standin.someone": "a player",
    # DMs
    "standin.dm.asked": "👋 You asked for {power} in **{game}**. I'll tell you here when the seat is yours.",
    "standin.dm.accepted": "✅ **{game}**: you may take {power} over. It is yours from the next phase; its orders come by DM.",
    "standin.dm.refused": "**{game}**: the moderators did not give you {power}.",
    "standin.dm.taken_over": "🔄 Another player now plays {powers} in **{game}**, the seat you left. Thank you for playing!",
    # replies
    "standin.reply.asked": "🪑 You asked for {power} in **{game}**. The moderators decide; you'll get a DM.",
    "standin.reply.queued": "🪑 {power} in **{game}** is yours from the next phase. Its orders will come by DM.",
    "standin.reply.leaving": (
        "🪑 Your seat in **{game}** is open: you keep playing {powers} until somebody takes it over "
        "(or a moderator replaces you)."
    ),
    "standin.reply.accepted": "✅ {user} plays {power} from the next phase.",
    "standin.reply.refused": "The request for {power} is refused.",
    "standin.reply.replaced_bot": "🔄 {new} now plays {powers} instead of the bot 🤖; they have been told.",
    # refusals
    "standin.bad_player": "❌ `{text}` is not a choice for a power in civil disorder: choose hold or caretaker.",
    "standin.bots_seven": "❌ Bots fill the empty seats of a game of 7 powers (`players:7`) or of a duel (`variant:fva`, you against the bot), not of a game for 2 to 6 players.",
    "standin.reclaim": (
        "❌ The caretaker has played {power} in **{game}** since you left it: the seat is open and no longer yours "
        "to order. A moderator can give it back (`/mod civil-disorder state:off`)."
    ),
    "standin.not_open": (
        "❌ {power} is not an open seat in **{game}**. Open seats are powers played by a bot or in civil disorder."
    ),
    "standin.join_forming": "❌ **{game}** hasn't started: join it with `/game join`, without choosing a power.",
    "standin.already_playing": "❌ You already play in **{game}**.",
    "standin.already_leaving": "❌ You already asked to leave **{game}**; you play on until somebody takes your seat.",
    "standin.already_asked": "❌ You already asked for a seat in **{game}**; wait for the moderators.",
    "standin.seat_taken": "❌ Somebody is already taking {power} over in **{game}**.",
    "standin.no_request": "❌ No request **{number}** waits in **{game}**.",
    "standin.board_gone": "❌ That seat is no longer on the substitute board. See `/substitutes list`.",
    # the substitute board
    "standin.board.title": "🪑 **Open seats** (games looking for a substitute):",
    "standin.board.line": (
        "• **{game}** on {server}: {power}, {centres}, {year}; next deadline {deadline}; "
        "{language}; press: {press}; reliability asked: {reliability}"
    ),
    "standin.board.any": "any",
    "standin.board.min": "at least {percent}% of phases ordered",
    "standin.board.how": "Ask for one with `/substitutes apply`; the game's moderators decide.",
    "standin.board.empty": "🪑 No game is looking for a substitute right now.",
    "standin.board.unreliable": (
        "❌ **{game}** asks for players who ordered at least {percent}% of their phases; you ordered {yours}%."
    ),
    "standin.dm.invite": "📨 **{game}** is played on **{server}**, where you take {power} over: {url}",
    "standin.reply.invited": "📨 {user} got an invite to this server by DM.",
    "standin.reply.no_invite": (
        "⚠️ I could not create an invite here (the bot needs the Create Invite permission): send {user} one yourself."
    ),
    "standin.reply.invite_not_sent": "⚠️ {user} doesn't take DMs from me: send them this invite yourself: {url}",
    # /mod log
    "mod.log.standin": "{who}: 🤖 {power} played by a stand-in: {orders}",
    "mod.log.seat_asked": "{who}: asked for {power}",
    "mod.log.seat_accepted": "{who}: gave {power} to {user}",
    "mod.log.seat_refused": "{who}: refused {power} to {user}",
    "mod.log.seat_taken": "{who}: {user} took {power} over",
    "mod.log.seat_left": "{who}: asked to leave {powers}",
    "anon.log.seat_left": "{who}: a player asked to leave {powers}",
    "anon.log.seat_asked": "{who}: a player asked for {power}",
    "anon.log.seat_accepted": "{who}: gave {power} to a player",
    "anon.log.seat_refused": "{who}: refused {power} to a player",
    "anon.log.seat_taken": "{who}: a player took {power} over",
}
