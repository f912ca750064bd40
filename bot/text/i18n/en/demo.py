"""English texts of ``python -m bot demo``'s transcripts: Discord's own words around the bot's
messages (who used which command, what only the reader sees, relative times) and the index."""

MESSAGES: dict[str, str] = {
    "demo.used": "**{who}** used `{command}`",
    "demo.used_in": "**{who}** used `{command}` in #{channel}",
    "demo.pressed": "**{who}** tapped `[ {button} ]`",
    "demo.only_you": "only you can see this",
    "demo.in": "in {span}",
    "demo.ago": "{span} ago",
    "demo.channel.intro": "What everyone in the game's channel #{channel} saw. Times are counted from the start of the demo.",
    "demo.dm.intro": "What {who} saw alone: the bot's direct messages, and the answers only {who} could see. Times are counted from the start of the demo.",
    "demo.readme.title": "A game of Diplomacy, as Discord would show it",
    "demo.readme.intro": "python -m bot demo ran the real bot on a loopback Discord on this computer and played 1901 of a four-player game: orders by direct message (one of them wrong), `/ready`, an army dislodged and its retreat, and the Winter builds.",
    "demo.readme.channel": "[channel.md](channel.md): the game's channel, as every player saw it",
    "demo.readme.dm": "[dm-{who}.md](dm-{who}.md): what {who} ({powers}) saw alone",
    "demo.readme.maps": "[maps/](maps/): every picture the bot attached, shown in the transcripts",
}
