"""English texts of press, anonymous games, spectators and game settings (issue 14)."""

MESSAGES: dict[str, str] = {
    # commands
    "cmd.press": "Negotiation: private conversations between powers",
    "cmd.press.open": "Open a private conversation with one or more other powers",
    "cmd.press.open.with": "A power to talk with",
    "cmd.press.open.more": "Another power to add (optional)",
    "cmd.press.send": "Anonymous games: send a message under your power's name",
    "cmd.press.send.to": "Who gets it: a power, one of your groups, or everyone (the game channel)",
    "cmd.press.send.text": "Your message",
    "cmd.press.repair": "Moderators: set up this game's press channels again (after fixing permissions)",
    "cmd.game.watch": "Watch this game: read its channel and maps (never press or orders)",
    "cmd.game.watch.game": "The game to watch (default: the game of this channel)",
    "cmd.game.unwatch": "Stop watching this game",
    "cmd.game.create.press": "Negotiation: full (default), public, none (gunboat) or rulebook",
    "cmd.game.create.anonymous": "Players known only by their powers until the end (default: no)",
    "cmd.game.create.spectators": "Server members may watch the game with /game watch (default: yes)",
    "cmd.mod.settings": "See or change the game's settings (press, deadlines, language...)",
    "cmd.mod.settings.press": "Negotiation (before the start only)",
    "cmd.mod.settings.anonymous": "Players known only by their powers (before the start only)",
    "cmd.mod.settings.spectators": "Server members may watch the game",
    "cmd.mod.settings.reveal": "At the end, every player can read all of the game's press",
    "cmd.mod.settings.moderators_read": "Moderators can read the press channels (never write in them)",
    "cmd.mod.settings.movement": "Deadline of move phases, from the next one: 2d, 36h, 20:00 Europe/Madrid...",
    "cmd.mod.settings.retreat": "Deadline of retreat phases, from the next one",
    "cmd.mod.settings.adjustment": "Deadline of winter adjustments, from the next one",
    "cmd.mod.settings.civil_disorder": "Missed movement phases in a row before civil disorder (0 = never)",
    "cmd.mod.settings.language": "Language of the game's posts and maps",
    "press.choice.full": "full: private channels for each pair of powers",
    "press.choice.public": "public: the game channel only",
    "press.choice.none": "none: gunboat, no negotiation at all",
    "press.choice.rulebook": "rulebook: no negotiation during retreats and adjustments",
    "press.choice.everyone": "Everyone (the game channel)",
    # settings
    "settings.title": "⚙️ **Settings**",
    "settings.press": "Press: {mode}",
    "press.mode.full": "full — a private channel for each pair of powers, groups on demand, and the game channel",
    "press.mode.public": "public — only in the game channel",
    "press.mode.none": "none (gunboat) — no negotiation at all; players can't write in the game channel",
    "press.mode.rulebook": ("rulebook — private channels and the game channel, closed during retreats and adjustments"),
    "settings.anonymous.yes": "Anonymous: players are known only by their powers until the game ends",
    "settings.anonymous.no": "Not anonymous: everyone sees who plays which power",
    "settings.spectators.yes": "Spectators welcome: `/game watch` to read this channel and the maps (never press or orders)",
    "settings.spectators.no": "No spectators",
    "settings.reveal.yes": "At the end, every player can read all of the game's press",
    "settings.reveal.no": "Press stays private after the end",
    "settings.moderators_read.yes": "Moderators can read the press (they never write in it)",
    "settings.moderators_read.no": "Moderators don't read the press",
    "settings.movement": "Deadline of move phases: {schedule}",
    "settings.retreat": "Deadline of retreat phases: {schedule}",
    "settings.adjustment": "Deadline of adjustments: {schedule}",
    "settings.deadlines": "Deadlines: moves {movement}, retreats {retreat}, adjustments {adjustment}",
    "settings.language": "Language: {language}",
    "settings.draw": "Draw: shared by all surviving powers, voted in secret with `/draw`",
    "settings.reply.view": "Settings of **{game}**:",
    "settings.reply.changed": "✅ Settings of **{game}** changed; it is posted in the game channel.",
    "settings.post.changed": "⚙️ {mod} changed the settings of **{game}**:\n{lines}",
    "settings.fixed": "**{game}** has started: {names} can only be changed before the start.",
    "settings.nothing": "Choose at least one setting to change in **{game}**.",
    "settings.bad_language": "`{text}` is not one of my languages.",
    # notices in press channels
    "press.notice.with_moderators": " and the moderators",
    "press.notice.pair": (
        "🤝 **{game}** — private press between **{a}** and **{b}**. Only the two of you{mods} can read "
        "this channel; no other player can."
    ),
    "press.notice.group": ("👥 **{game}** — private press between **{powers}**. Only you{mods} can read this channel."),
    "press.notice.inbox": (
        "📬 **{game}** — the inbox of **{power}**. Messages to {power} arrive here under the sender's "
        "power; write with `/press send` in a DM with me (nobody writes here). Only you{mods} can read it, "
        "and nobody learns who plays which power until the game ends."
    ),
    "press.notice.closed": (
        "🔒 Press is closed for {phase}: no negotiation during retreats and adjustments. You can read "
        "this channel but not write in it until the next movement phase."
    ),
    "press.notice.open": "🔓 Press is open again: {phase}.",
    "press.notice.over": "🏁 **{game}** is over. Nobody writes here any more.",
    "press.notice.over_reveal": (
        "🏁 **{game}** is over. Nobody writes here any more, and every player of the game can now read "
        "this conversation."
    ),
    "press.notice.game_closed": (
        "🔒 **{game}**: press is closed for {phase} (rulebook press). Players can't write here or in "
        "their press channels until the next movement phase; meanwhile use `/order`, `/ready` and the "
        "other commands in a DM with me."
    ),
    "press.notice.game_open": "🔓 **{game}**: press is open again for {phase}.",
    "press.notice.game_over": "🏁 **{game}** is over: its players can write here again.",
    # press posts
    "press.post.relay": "📨 **{sender}** → **{to}**:\n{message}",
    "press.post.relay_copy": "📤 You (**{sender}**) → **{to}**:\n{message}",
    "press.dm.relay": "📨 **{game}** — **{sender}** → **{to}**:\n{message}",
    "press.post.public": "📢 **{sender}**:\n{message}",
    "press.post.reveal": "🎭 **{game}** was played anonymously. Who played which power:\n{lines}",
    "press.problem.title": "⚠️ **{game}** — {mods}: I can't set up everything this game's press needs.",
    "press.problem.manage_channels": (
        "• **Manage Channels** (a server permission of the bot's role): I need it to create the game's "
        "press category and its private channels."
    ),
    "press.problem.manage_roles": (
        "• **Manage Roles** (a server permission of the bot's role; on a channel it is called Manage "
        "Permissions): I need it to let players into press channels and out of them, to close them while "
        "press is closed and to open them at the end."
    ),
    "press.problem.game_channel": (
        "• **Manage Permissions** on this channel: I need it to keep players from writing here while press "
        "is closed or the game is anonymous, and to let spectators read it."
    ),
    "press.problem.channel_limit": (
        "• Discord has no room for more channels (500 per server, 50 per category): delete the press "
        "categories of finished games."
    ),
    "press.problem.footer": (
        "The game goes on meanwhile. Once the bot has what it needs, use `/press repair` in this channel."
    ),
    "press.problem.anonymous": "Until then, messages sent with `/press send` reach players by direct message.",
    # the masked posts of an anonymous game
    "anon.post.assignments": "🎭 Players are known only by their powers until the game ends. Powers in play: {powers}",
    "anon.post.toss": "🪙 Coin toss: {power} joins one of the players from next spring (they see it in their direct messages).\n",
    "anon.post.cd_declared": (
        "⚠️ **{game}**: {power} has missed too many movement phases in a row ({count}) and is now in "
        "**civil disorder**: its units hold without supporting each other, dislodged units are disbanded "
        "and it does not build. Moderators ({mods}): `/mod replace` can give it to a new player."
    ),
    "anon.post.cd_left": "✅ **{game}**: {power} has ordered again and is no longer in civil disorder.",
    "anon.post.power_idle": (
        "⚠️ **{game}**: {power} has had no orders for {count} movement phases in a row, though its player "
        "orders for their other powers, so it is not declared in civil disorder; each phase without "
        "orders its units hold and its dislodged units are disbanded."
    ),
    "anon.post.conceded": "🏳️ **{game}**: {powers} concede to {leader}.",
    "anon.post.dm_failed": (
        "⚠️ **{game}**: I couldn't send a direct message to one of the players. Players: please allow "
        "direct messages from this server's members (server menu → Privacy Settings)."
    ),
    "anon.mod.cd_on": "⚠️ {mod} put {power} in **civil disorder** in **{game}**.",
    "anon.mod.cd_off": "✅ {mod} took {power} out of civil disorder in **{game}**.",
    "anon.mod.replaced": "🔄 {mod}: {powers} has a new player in **{game}**.",
    "anon.mod.reminded": "📨 {mod} reminded the players still missing orders in **{game}**.",
    "anon.moderator": "A moderator",
    "anon.moderators": "the moderators",
    "anon.previous_player": "the previous player",
    "anon.status.line": "{mark} {powers}: {state}",
    "anon.status.note": "🎭 Anonymous game: players are known only by their powers until the end.",
    "anon.mod.orders_line": "{mark} {power}: {state}",
    "anon.log.replace": "{who}: {powers} got a new player",
    "anon.log.remind": "{who}: reminded the players missing orders",
    "anon.log.concede": "{powers} conceded",
    "anon.mod.reminded_count": "📨 Reminded the players still missing orders: {count}",
    # /mod log
    "mod.log.settings": "{who}: changed the settings: {settings}",
    "mod.log.players_seen": "{who}: saw who plays which power ({view})",
    "mod.log.inboxes_read": "{who}: the moderators read every inbox, and an inbox's member list names its player: they can see who plays which power",
    "mod.log.press_problem": "{who}: press space incomplete ({problems})",
    # refusals
    "press.gunboat": "**{game}** is a gunboat game: no negotiation at all.",
    "press.closed_now": (
        "Press is closed in **{game}** now: no negotiation during retreats and adjustments. It opens again "
        "with the next movement phase."
    ),
    "press.eliminated_self": "Your powers are out of **{game}**: you can read its press, but not write any more.",
    "press.eliminated": "{power} is out of **{game}**.",
    "press.public_only": "**{game}** has public press only: there are no private conversations in it.",
    "press.open_self": "You play {power}: choose another power.",
    "press.open_nobody": "Choose at least one other power.",
    "press.too_many": "**{game}** has {count} conversations already, as many as a Discord category holds.",
    "press.empty": "Your message is empty.",
    "press.too_long": "A message can be at most {count} characters long.",
    "press.not_anonymous": (
        "In **{game}** players write in their press channels themselves: `/press send` is for anonymous games."
    ),
    "press.not_in_group": "You are not in that group of **{game}**.",
    "press.watch_off": "**{game}** does not allow spectators.",
    "press.watch_player": "You play in **{game}**: no need to watch it.",
    "press.watch_already": "You already watch **{game}**.",
    "press.watch_not": "You don't watch **{game}**.",
    # replies
    "press.reply.open": "🤝 Your conversation with {powers}: {channel}",
    "press.reply.opening": "🤝 Your conversation with {powers} is being made: its channel appears in a moment.",
    "press.reply.group_opened": "👥 Group opened with {powers}: choose it in `/press send to:`.",
    "press.reply.group_open": "👥 You already have this group with {powers}: choose it in `/press send to:`.",
    "press.reply.sent": "📨 Sent to {powers} as {sender}.",
    "press.reply.sent_everyone": "📢 Posted in the game channel as {sender}.",
    "press.reply.by_dm": "It reached {powers} by direct message: their inbox isn't ready yet.",
    "press.reply.watching": (
        "👀 You watch **{game}**: you can read its channel and maps, never its press or orders. "
        "`/game unwatch` to stop."
    ),
    "press.reply.unwatched": "You no longer watch **{game}**.",
    "press.reply.repair": (
        "🔧 Setting up the press of **{game}** again. If something is still missing, I'll say so in the game channel."
    ),
    # names of channels
    "press.category": "{name} — press #{id}",
    "press.channel.inbox": "inbox {power}",
    "press.topic.inbox": "The inbox of {power} in {name} (an anonymous game). Write with /press send in a DM with the bot.",
    "press.topic.conversation": "Private press of {name}: {powers}.",
}
