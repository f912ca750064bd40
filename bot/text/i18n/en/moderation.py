"""English texts of moderation, civil disorder, draws and concessions (issue 5)."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # commands
    "cmd.mod": "Moderate the game of this channel",
    "cmd.mod.role": "Set the server's moderator role (Manage Server only)",
    "cmd.mod.role.role": "The role whose members moderate games (leave empty to remove it)",
    "cmd.mod.pause": "Pause the game: the deadline stops",
    "cmd.mod.resume": "Resume a paused game with the time that was left",
    "cmd.mod.extend": "Move the deadline later",
    "cmd.mod.extend.by": "How much later, e.g. 12h, 1d, 90m, 2 hours",
    "cmd.mod.deadline": "Set the deadline",
    "cmd.mod.deadline.when": "A length from now (2m, 90m, 36h, in 2 hours) or a date: 2026-03-05 18:00 Europe/Madrid",
    "cmd.mod.resolve": "Resolve the current phase now",
    "cmd.mod.civil_disorder": "Put a power in civil disorder, or take it out",
    "cmd.mod.civil_disorder.power": "The power",
    "cmd.mod.civil_disorder.state": "On or off",
    "cmd.mod.replace": "Give a power to another member",
    "cmd.mod.replace.power": "The power to hand over",
    "cmd.mod.replace.member": "The new player",
    "cmd.mod.kick": "Remove a player before the game starts",
    "cmd.mod.kick.member": "The player to remove",
    "cmd.mod.rollback": "Undo the last resolution",
    "cmd.mod.orders": "See which powers have ordered (not what), and remind the others",
    "cmd.mod.orders.remind": "Send a reminder by DM to players still missing orders",
    "cmd.mod.log": "The moderation log of this channel's game",
    "cmd.draw": "Vote in secret for a draw shared by all surviving powers",
    "cmd.draw.vote": "Yes to propose or accept the draw, no to refuse it",
    "cmd.concede": "Concede the game to the leader",
    "cmd.game.create.civil_disorder": "Missed movement phases in a row before a power is in civil disorder (0 = never; default 2)",
    "mod.choice.on": "on",
    "mod.choice.off": "off",
    "mod.choice.yes": "yes",
    "mod.choice.no": "no — refuse",
    # refusals
    "mod.not_allowed": "Only the creator of **{game}**, members with Manage Server or the server's moderator role can do that.",
    "mod.role_not_allowed": "Only members with Manage Server can set the moderator role.",
    "mod.status_active": "**{game}** is not being played right now.",
    "mod.status_forming": "**{game}** has already started: you can only do that before the start.",
    "mod.bad_policy": "The number of missed phases before civil disorder must be between 0 (never) and 10.",
    "mod.already_paused": "**{game}** is already paused. Use `/mod resume` to continue it.",
    "mod.not_paused": "**{game}** is not paused.",
    "mod.bad_duration": "I can't read `{text}` as a length. Use e.g. `12h`, `1d`, `90m` or `2 hours`.",
    "mod.bad_moment": (
        "I can't read `{text}` as a deadline. Use a length from now such as `2m`, `90m`, `36h`, `1d 6h` "
        "or `in 2 hours`, or a date and time such as `2026-03-05 18:00 Europe/Madrid` (UTC without a "
        "time zone)."
    ),
    "mod.deadline_past": "The deadline `{text}` is in the past.",
    "mod.unknown_power": "`{power}` is not a power. Pick one from the list.",
    "mod.power_not_played": "Nobody plays {power} in **{game}**.",
    "mod.replace_already_playing": "{user} already plays in **{game}**.",
    "mod.replace_dm_closed": "I can't send direct messages to {user}, and the game needs them. They must allow direct messages from this server first.",
    "mod.replace_raced": "The players of **{game}** changed meanwhile. Try again.",
    "mod.kick_not_in": "{user} is not in **{game}**.",
    "mod.rollback_nothing": "There is no resolution of **{game}** to undo.",
    "mod.rollback_other_game": "Another game is open in this channel, so **{game}** can't be brought back.",
    "mod.remind_nobody": "Everyone in **{game}** has ordered: nobody to remind.",
    "mod.draw_not_survivor": "Only surviving powers vote on a draw or concede in **{game}**.",
    "mod.draw_none_open": "No draw is proposed in **{game}**. Vote yes to propose one.",
    "mod.concede_no_leader": "Several powers lead **{game}** with the same number of centres: there is nobody to concede to.",
    "mod.concede_leader": "{power} leads **{game}**: the leader can't concede.",
    # posts in the game channel
    **forms(
        "mod.post.cd_declared",
        one=(
            "⚠️ **{game}**: {power} ({user}) has missed {count} movement phase and is now "
            "in **civil disorder**: its units hold without supporting each other, dislodged units are disbanded "
            "and it does not build. Moderators ({mods}): `/mod replace` can give it to a new player."
        ),
        other=(
            "⚠️ **{game}**: {power} ({user}) has missed {count} movement phases in a row and is now "
            "in **civil disorder**: its units hold without supporting each other, dislodged units are disbanded "
            "and it does not build. Moderators ({mods}): `/mod replace` can give it to a new player."
        ),
    ),
    "mod.post.cd_left": "✅ **{game}**: {power} ({user}) has ordered again and is no longer in civil disorder.",
    "mod.post.eliminated": "☠️ **{game}**: {power}{user} has been eliminated.",
    "mod.post.draw_lapsed": "🗳️ **{game}**: the draw proposal was not accepted before the phase resolved, and has lapsed.",
    "mod.post.paused": "⏸️ {mod} paused **{game}**. The deadline is frozen with {left} left.",
    "mod.post.resumed": "▶️ {mod} resumed **{game}**. Deadline: {deadline}",
    "mod.post.extended": "⏩ {mod} extended the deadline of **{game}** by {by}. New deadline: {deadline}",
    "mod.post.extended_paused": "⏩ {mod} extended the deadline of paused **{game}** by {by}: {left} will be left on resuming.",
    "mod.post.deadline": "🕒 {mod} set the deadline of **{game}**: {deadline}",
    "mod.post.resolve_now": "⏭️ {mod} is resolving {phase} of **{game}** now.",
    "mod.post.cd_on": "⚠️ {mod} put {power} ({user}) in **civil disorder** in **{game}**.",
    "mod.post.cd_off": "✅ {mod} took {power} ({user}) out of civil disorder in **{game}**.",
    "mod.post.replaced": "🔄 {mod}: {new} now plays {powers} in **{game}**, replacing {old}.",
    "mod.post.kicked": "🚪 {mod} removed {user} from **{game}**.",
    "mod.post.rollback": (
        "⏪ {mod} undid the last resolution of **{game}**: {undone} is withdrawn and the game is back in "
        "**{back}**, with the orders given. New deadline: {deadline}"
    ),
    "mod.post.rollback_skipped": (
        "⏪ {mod} undid the last resolution of **{game}**: {undone} is withdrawn, and with it {skipped}, played at "
        "once as nobody had a choice in it; the game is back in **{back}**, with the orders given. New deadline: {deadline}"
    ),
    "mod.post.reminded": "📨 {mod} reminded {users} to send orders in **{game}**.",
    "mod.post.draw_proposed": (
        "🗳️ **{game}**: a draw shared by {powers} has been proposed. Every surviving power votes in "
        "secret with `/draw` in this channel; it passes only if all vote yes, and lapses when the phase resolves."
    ),
    "mod.post.draw_agreed": "🤝 **{game}** is over: a draw shared by **{powers}**. Well played {users}!",
    "mod.post.conceded": "🏳️ **{game}**: {user} concedes {powers} to {leader}.",
    "mod.post.concession_win": (
        "🏆 **{game}** is over: every other player conceded, **{power}** wins! Congratulations {user}."
    ),
    # direct messages
    "mod.dm.eliminated": "☠️ **{game}**: {power} has been eliminated. You will get no more reminders for it.",
    "mod.dm.replacement": (
        "🔄 You now play **{powers}** in **{game}**.\n{lines}\n**{phase}** — deadline {deadline}\n"
        "Order with `/order`; the map of the position is attached."
    ),
    "mod.dm.replacement_power": "**{power}**: units {units}; centres {centres}; orders to give this phase: {todo}",
    "mod.dm.replaced_out": "🔄 A moderator gave {powers} in **{game}** to another player. Thank you for playing!",
    "mod.dm.reminder": "⏰ A moderator of **{game}** reminds you: {phase} still needs your orders. Deadline {deadline}.",
    "mod.dm.draw_proposed": "🗳️ **{game}**: a draw shared by {powers} has been proposed. Vote in secret with `/draw` in the game channel.",
    "mod.paused_deadline": "paused",
    # /mod log
    "mod.log.bot": "the bot",
    "mod.log.cd_declared": "{who}: {power} declared in civil disorder (missed movement phases: {count})",
    "mod.log.cd_left": "{who}: {power} ordered again and left civil disorder",
    "mod.log.eliminated": "{who}: {power} eliminated",
    "mod.log.resolved": "{who}: resolved {phase}",
    "mod.log.pause": "{who}: paused with {left} left",
    "mod.log.resume": "{who}: resumed, deadline {deadline}",
    "mod.log.extend": "{who}: extended the deadline by {by}",
    "mod.log.deadline": "{who}: set the deadline to {deadline}",
    "mod.log.resolve": "{who}: resolve {phase} now",
    "mod.log.cd_on": "{who}: put {power} in civil disorder",
    "mod.log.cd_off": "{who}: took {power} out of civil disorder",
    "mod.log.replace": "{who}: {new} replaced {old} as {powers}",
    "mod.log.kick": "{who}: removed {user}",
    "mod.log.rollback": "{who}: rolled back {undone} to {phase}",
    "mod.log.rollback_skipped": "{who}: rolled back {undone}, and {skipped} played at once before it, to {phase}",
    "mod.log.remind": "{who}: reminded {users}",
    "mod.log.draw": "{who}: draw agreed by {powers}",
    "mod.log.concede": "{who}: conceded {powers}",
    # /game status
    **forms(
        "mod.status.policy",
        one="Civil disorder after {count} missed movement phase.",
        other="Civil disorder after {count} missed movement phases in a row.",
    ),
    "mod.status.policy_never": "Powers are never declared in civil disorder (in a movement phase without orders a power's units still just hold).",
    "mod.status.paused": "⏸️ Paused, with {left} left before the deadline.",
    "mod.status.civil_disorder": "In civil disorder: {powers}",
    "mod.status.draw_open": "🗳️ A draw proposal is open (`/draw`).",
    "mod.status.reliability": "Missed phases in this server: {records}",
    "mod.status.record": "{user} {missed}/{total}",
    # replies to moderators and players
    "mod.reply.role_set": "✅ Members with {role} can now moderate games in this server.",
    "mod.reply.role_cleared": "✅ This server has no moderator role any more.",
    "mod.reply.done": "✅ Done; it is posted in the game channel.",
    "mod.reply.deadline": "✅ New deadline of **{game}**: {deadline}. It is posted in the game channel.",
    "mod.reply.deadline_moved": (
        "📅 It moved past the game's days off to the next day it plays; `/mod deadline` sets any moment you choose."
    ),
    "mod.reply.deadline_day_off": "⚠️ {day} is a day off in **{game}**; the deadline stays there, as you set it.",
    "mod.reply.extended_paused": (
        "✅ **{game}** stays paused: {left} will be left on resuming. It is posted in the game channel."
    ),
    "mod.reply.orders_title": "**{game}** — {phase}: who has ordered",
    "mod.reply.orders_line": "{mark} {power} ({user}): {state}",
    "mod.orders.ready": "ready",
    "mod.orders.complete": "orders in",
    "mod.orders.partial": "some orders",
    "mod.orders.none": "no orders yet",
    "mod.orders.nothing": "nothing to order",
    "mod.reply.reminded": "📨 Reminded: {users}",
    "mod.reply.log_title": "**{game}** — moderation log",
    "mod.reply.log_empty": "Nothing yet.",
    # a reply to /draw or /concede, which may come from a DM: which game it was about
    "mod.reply.in_game": "**{game}** — {reply}",
    "mod.reply.draw_opened": "🗳️ You proposed a draw and voted yes. The others have been told; nobody learns how anyone voted.",
    "mod.reply.draw_yes": "🗳️ Your vote: yes. Nobody learns how you voted.",
    "mod.reply.draw_no": "🗳️ Your vote: no. Nobody learns how you voted.",
    "mod.reply.draw_passed": "🤝 Your vote was the last one: the draw is agreed and the game is over.",
    "mod.reply.conceded": "🏳️ You conceded to {leader}.",
    "mod.reply.conceded_end": "🏳️ You conceded to {leader}; every other player had conceded, so the game is over.",
    "mod.reply.rollback": "⏪ The last resolution is undone: {undone} is withdrawn and the game is back in {back}, with the orders given.",
    "mod.reply.rollback_skipped": "⏪ The last resolution is undone: {undone} is withdrawn, and with it {skipped}, played at once as nobody had a choice in it; the game is back in {back}, with the orders given.",
    "mod.reply.replaced": "🔄 {new} now plays {powers}, replacing {old}; both have been told.",
}

# issue 16: game flow
MESSAGES.update(
    {
        "mod.extend_range": "`{text}`: a deadline can be extended by 1 minute to 14 days at a time.",
        "mod.deadline_too_soon": (
            "`{text}` is too soon: a deadline set by a moderator must be at least 1 minute away (players' "
            "deadline schedules start at 5 minutes)."
        ),
        "mod.post.resumed_ready": "▶️ {mod} resumed **{game}**. Every player is ready, so {phase} resolves now.",
        "mod.post.deadline_ready": (
            "🕒 {mod} set a new deadline for **{game}**. Every player is ready, so {phase} resolves now."
        ),
        **forms(
            "mod.post.power_idle",
            one=(
                "⚠️ **{game}**: {power} has had no orders for {count} movement phase. Its player "
                "{user} is active (they ordered for {powers}), so {power} is not declared in civil disorder; "
                "each phase without orders its units hold and its dislodged units are disbanded. {user}: "
                "remember to order for {power} too."
            ),
            other=(
                "⚠️ **{game}**: {power} has had no orders for {count} movement phases in a row. Its player "
                "{user} is active (they ordered for {powers}), so {power} is not declared in civil disorder; "
                "each phase without orders its units hold and its dislodged units are disbanded. {user}: "
                "remember to order for {power} too."
            ),
        ),
        "mod.log.power_idle": (
            "{who}: {power} without orders for {count} movement phases in a row; its player is active"
        ),
    }
)
