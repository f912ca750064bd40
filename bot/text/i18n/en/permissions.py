"""English: the permissions a game needs, said to its moderator (issue 24)."""

MESSAGES = {
    # Discord's own names for them (Server Settings -> Roles; Edit Channel -> Permissions)
    "perm.name.view_channel": "View Channel",
    "perm.name.send_messages": "Send Messages",
    "perm.name.attach_files": "Attach Files",
    "perm.name.read_message_history": "Read Message History",
    "perm.name.manage_channels": "Manage Channels",
    "perm.name.manage_roles": "Manage Roles",
    "perm.name.manage_roles.channel": "Manage Permissions",
    "perm.name.create_instant_invite": "Create Invite",
    "perm.name.add_reactions": "Add Reactions",
    "perm.name.create_public_threads": "Create Public Threads",
    "perm.name.create_private_threads": "Create Private Threads",
    "perm.name.send_messages_in_threads": "Send Messages in Threads",
    # one line per missing permission
    "perm.line.channel": "• **{permission}** in {channel}: {use}",
    "perm.line.server": "• **{permission}** (a server permission of my role): {use}",
    "perm.use.posts": "I post the game's results, new phases and deadlines there.",
    "perm.use.maps": "the maps go with those posts.",
    "perm.use.history": "after an outage I look there for what I already sent; without it a post may show twice.",
    "perm.use.press_channels": "to make the game's press category and its private channels.",
    "perm.use.press_access": "to let each player into their press channels and out of them.",
    "perm.use.channel_access": (
        "to keep players from writing there while press is closed or the game is anonymous, and to let spectators read it."
    ),
    # /game create and /game start
    "perm.use.invites": "to invite a substitute from another server when one takes a seat in this game.",
    "perm.use.locks": "Discord lets me close this in a locked channel (and open it again) only if I have it myself.",
    "perm.create.required": "⚠️ **{game}** can't start until I have these permissions:",
    "perm.create.optional": "⚠️ **{game}** can start, but part of it won't work without these permissions:",
    "start.permissions": "⛔ **{game}** can't start: I lack permissions it needs.",
    "perm.start.optional": "⚠️ **{game}** has started, but I lack these permissions:",
    "perm.settings.missing": "⚠️ With these settings, **{game}** needs permissions I lack:",
    "perm.footer": "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions).",
    "perm.footer.start": (
        "Give them to my role (Server Settings → Roles) or on the channel (Edit Channel → Permissions), "
        "then use `/game start` again."
    ),
    "perm.footer.press": "Once they are given, use `/press repair` in the game's channel.",
    # a permission taken away mid-game: a DM to the game's creator, once
    "perm.lost": (
        "⚠️ **{game}**: I can't post in {channel}. Missing there: {permissions}. The game's posts are kept and "
        "go out as soon as I can post there again."
    ),
    # the press space can't be made (in full): a DM to the game's creator, once
    "perm.press.lost": (
        "⚠️ **{game}**: I can't set up everything its press needs. Missing: {missing}. The game goes on; "
        "once that is fixed, use `/press repair` in {channel}."
    ),
    "perm.press.server": "**{permission}** (a server permission of my role)",
    "perm.press.in_channel": "**{permission}** in {channel}",
    "perm.press.channel_limit": "room for more channels (500 per server, 50 per category)",
}
