"""English texts of the end of games (issue 15): the year limit, scoring, the final post,
the leaderboard and seasons, the game's history, and the board in words (alt text)."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # commands
    "cmd.game.create.end": "The game's last year, e.g. 1910: it ends after that year and is scored",
    "cmd.game.create.scoring": "How the game is scored when it ends (default: sum of squares)",
    "cmd.game.history": "The game so far: an animated map of every phase, and every order as a JSON file",
    "cmd.game.board": "The board in words, power by power (for screen readers)",
    "cmd.game.board.phase": "A phase such as S1901M (default: the current one)",
    "cmd.leaderboard": "The server's leaderboard: games, wins, draws, average score, reliability",
    "cmd.leaderboard.season": "A season (default: the current one, or else every game)",
    "cmd.leaderboard.page": "The page to show",
    "cmd.leaderboard.variant": "Which leaderboard: the standard game (default) or a duel",
    "cmd.mod.end": "End the game now: it is scored as it stands",
    "cmd.mod.season": "Seasons of the server's leaderboard",
    "cmd.mod.season.start": "Start a season: the games that end from now on count in it",
    "cmd.mod.season.start.name": "The season's name, e.g. Spring 2026",
    "cmd.mod.season.end": "End the current season",
    "cmd.mod.exclude": "Leave a finished game out of the leaderboard (a test game), or count it again",
    "cmd.mod.exclude.game": "The finished game",
    "cmd.mod.exclude.undo": "Count the game on the leaderboard again",
    # the scoring systems: menu, name, rule
    "scoring.choice.draw_size": "Draw size (DIAS): a draw is shared equally",
    "scoring.choice.sum_of_squares": "Sum of squares: the more centres, the much bigger the share",
    "scoring.choice.centre_count": "Centre count: a share per supply centre",
    "scoring.choice.carnage": "Carnage: the rank on the board first, then the centres",
    "scoring.name.draw_size": "draw size (DIAS)",
    "scoring.name.sum_of_squares": "sum of squares",
    "scoring.name.centre_count": "centre count",
    "scoring.name.carnage": "Carnage",
    "scoring.rule.draw_size": (
        "A solo takes 100. An agreed draw shares 100 equally between the powers in it, whatever their centres. "
        "A game stopped before its end (its last year, a moderator) is scored the same way, 100 shared equally by "
        "every survivor, but it is no draw: nobody agreed to one, and the leaderboard counts it as survived."
    ),
    "scoring.rule.sum_of_squares": (
        "A solo takes 100. Otherwise each power scores 100 × its centres² ÷ the sum of every power's centres²."
    ),
    "scoring.rule.centre_count": "A solo takes 100. Otherwise each power scores 100 × its centres ÷ all the centres held.",
    "scoring.rule.carnage": (
        "Points for the rank on the board (1,000 for the last place and 1,000 more for each place above; "
        "eliminated powers rank last), plus 1 per centre. A solo takes every point."
    ),
    # /game create
    "scores.rules": "Scoring: {system}.",
    "scores.last_year": "Last year: {year}. The game ends after it (its Winter included) and is scored.",
    "create.bad_scoring": "`{text}` is not a scoring system. Pick one from the list.",
    "create.bad_last_year": "The last year must be between {first} and {latest}, not {year}.",
    # how a game ended
    "status.over_year_limit": "⌛ **{game}** is over: its last year was played ({when}).",
    "status.over_moderator": "🛑 **{game}** is over: a moderator ended it ({when}).",
    "order.ended_year_limit": "**{game}** is over: its last year was played ({when}). There is nothing more to order in it.",
    "order.ended_moderator": "**{game}** is over: a moderator ended it ({when}). There is nothing more to order in it.",
    "scores.post_year_limit": "⌛ **{game}** is over: its last year, {year}, has been played. Here is the final board; the scores follow.",
    "scores.post_ended": "🛑 {mod} ended **{game}**. Here is the final board; the scores follow.",
    "scores.dm_year_limit": "🏁 **{game}** is over: its last year has been played. The final scores are in the game channel. Thanks for playing!",
    "scores.dm_moderator": "🏁 A moderator ended **{game}**. The final scores are in the game channel. Thanks for playing!",
    # the final post
    "scores.title": "📊 **{game}** — final scores by {system}",
    "scores.line": "{place} **{powers}** ({user}) — {centres} · **{score}**{result} · ✅ {ordered}/{phases}",
    "scores.line_bot": "{place} **{powers}** (🤖 bot) — {centres} · **{score}**{result}",
    **forms("scores.centres", one="{count} centre", other="{count} centres"),
    "scores.legend": "✅ phases in which the player gave orders, of those with orders due. The chart shows each power's supply centres year by year.",
    "mod.log.year_limit": "{who}: the last year ({year}) was played; the game is over",
    "mod.log.end": "{who}: ended the game",
    "mod.log.exclude": "{who}: left the game out of the leaderboard",
    "mod.log.include": "{who}: counted the game on the leaderboard again",
    "mod.reply.ended": "✅ The game is over: the final board and the scores are posted in the game channel.",
    # the leaderboard and seasons
    "leaderboard.title": "🏆 Leaderboard — {scope}",
    "leaderboard.scope_variant": "{scope}, {variant}",
    "leaderboard.all_time": "every game",
    "leaderboard.season": "season {season}",
    "leaderboard.season_over": "season {season} (over)",
    "leaderboard.page": "Page {page} of {pages}",
    "leaderboard.line": "**{rank}.** {user} **{average}** · {games} · 🏆 {wins} · 🤝 {draws} · ✅ {reliability}",
    **forms("leaderboard.games", one="{count} game", other="{count} games"),
    "leaderboard.legend": "Average score: the share of each game's points. 🏆 wins · 🤝 draws · ✅ phases ordered",
    "leaderboard.empty": "No finished game counts here yet: players appear once a scored game ends.",
    "leaderboard.choice_all": "All time: every game",
    "leaderboard.choice_open": "{season} (current)",
    "leaderboard.excluded_mark": "left out",
    "season.started": "✅ Season **{season}** has started: the games that end from now on count in it.",
    "season.ended": "✅ Season **{season}** is over. `/leaderboard` still shows it when you pick it.",
    "season.excluded": "✅ **{game}** no longer counts on the leaderboard.",
    "season.included": "✅ **{game}** counts on the leaderboard again.",
    "season.already_excluded": "**{game}** was already left out of the leaderboard.",
    "season.already_included": "**{game}** already counts on the leaderboard.",
    "season.bad_name": "Give the season a name of 1 to 60 visible characters.",
    "season.unknown": "This server has no season `{text}`. Pick one from the list.",
    "season.still_open": "The season `{text}` is still open: end it first with `/mod season end`.",
    "season.name_taken": "This server already has a season called `{text}`.",
    "season.none_open": "No season is open on this server.",
    "season.not_allowed": "Only members with Manage Server or the server's moderator role can do that.",
    "season.unknown_game": "That is not a finished game of this server. Pick one from the list.",
    # /game history
    **forms(
        "history.caption",
        one="📜 **{game}**: {count} phase, {first} to {last}. The JSON file holds every position, order and result.",
        other="📜 **{game}**: {count} phases, {first} to {last}. The JSON file holds every position, order and result.",
    ),
    "history.too_big": "The animation would be too big to send here; the JSON file holds the whole game.",
    **forms(
        "alt.history",
        one="Animated map of {name}: {count} frame, one per phase from {first} to {last}, with its orders.",
        other="Animated map of {name}: {count} frames, one per phase from {first} to {last}, with their orders.",
    ),
    # the board in words
    "board.title": "**{game}** — the board, power by power:",
    "alt.orders": "The orders of the phase are drawn with their results.",
    "alt.my_orders": "Your orders, not resolved yet, are drawn: {orders}.",
    "alt.my_orders_more": "Orders not listed here: {count}.",
    "alt.my_orders_none": "You have no orders yet: only the units are drawn.",
    "alt.front": "Shown around the units of {powers}.",
    "alt.chart": "Supply centres of {name} at the start of each year, {first} to {last}. {series}",
}
