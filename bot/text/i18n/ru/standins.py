"""Русские тексты issue 23: замены-боты (бот-опекун державы в гражданских беспорядках, боты на
пустых местах), как занять свободное место, доска замен."""

MESSAGES: dict[str, str] = {
    # команды
    "cmd.game.create.civil_disorder_player": "Кто играет державой в беспорядках: «стоять» (по правилам) или бот-опекун",
    "cmd.game.create.bots": "Боты играют державами, которые никто не взял: партию на 7 начнут 1–6 игроков, дуэль — один",
    "cmd.game.start.bots": "Боты играют державами, которые никто не взял (партия на 7 держав или дуэль)",
    "cmd.game.join.power": "Во время партии: свободное место (держава бота или держава в беспорядках)",
    "cmd.mod.settings.civil_disorder_player": "Кто играет державой в беспорядках: «стоять» (по правилам) или бот-опекун",
    "cmd.mod.settings.join_approval": "Нужно ли одобрение модератора, чтобы занять свободное место?",
    "cmd.mod.settings.substitutes": "Показывать свободные места партии на доске замен, видной со всех серверов",
    "cmd.mod.settings.min_reliability": "Доля фаз (%), в которых новичок должен был отдать приказы (0: любой)",
    "cmd.mod.seat": "Принять или отклонить запрос на свободное место",
    "cmd.mod.seat.request": "Номер запроса",
    "cmd.mod.seat.accept": "True: принять; False: отклонить",
    "cmd.substitutes": "Занять свободное место в партии любого сервера",
    "cmd.substitutes.list": "Свободные места партий, которым нужна замена",
    "cmd.substitutes.apply": "Попросить свободное место с доски замен",
    "cmd.substitutes.apply.seat": "Место (партия и держава) из списка",
    "standin.choice.hold": "стоять: её войска стоят на месте (по правилам)",
    "standin.choice.caretaker": "опекун: ею играет бот",
    # настройки
    "settings.civil_disorder_player.hold": "Держава в гражданских беспорядках: её войска стоят на месте (по правилам).",
    "settings.civil_disorder_player.caretaker": (
        "Держава в гражданских беспорядках: со следующей фазы ею играет бот-опекун 🤖 "
        "(сначала — резервные приказы её игрока)."
    ),
    "settings.bots.yes": "🤖 Державами, которые никто не взял, играют боты.",
    "settings.join_approval.yes": "Свободные места (`/game join power:`): занимаются со следующей фазы, с одобрения модератора.",
    "settings.join_approval.no": "Свободные места (`/game join power:`): занимаются со следующей фазы, без одобрения.",
    "settings.substitutes.yes": "Свободные места показаны на доске замен (`/substitutes list`).",
    "settings.substitutes.no": "Свободные места не показываются на доске замен.",
    "settings.min_reliability": "Новичок должен был отдать приказы хотя бы в {percent}% своих фаз.",
    "settings.min_reliability_any": "Свободное место может занять любой игрок, независимо от его надёжности.",
    # сообщения в канале
    "post.bot_mark": " 🤖",
    "post.played_by.caretaker": " — 🤖 *опекун*",
    "post.played_by.dumbbot": " — 🤖 *бот*",
    "post.bots": "🤖 Играют боты: {powers}",
    "status.played_by.caretaker": "🤖 Играет бот-опекун: {powers}",
    "status.played_by.dumbbot": "🤖 Играют боты: {powers}",
    "status.open_seats": "🪑 Свободные места (державы): {powers} (`/game join power:`)",
    "standin.post.takes": (
        "🤖 **{game}**: со следующей фазы державой {power} играет **бот-опекун**; его приказы помечены 🤖. "
        "Другой игрок может занять это место командой `/game join power:`."
    ),
    "standin.post.left": "🤖 **{game}**: бот-опекун больше не играет державой {power} — ею снова играет {user}.",
    "standin.post.left_anon": "🤖 **{game}**: бот-опекун больше не играет державой {power}.",
    "standin.post.seat_asked": (
        "🪑 **{game}**: {user} хочет играть державой {power} (запрос **{number}**). "
        "Модераторы {mods}: `/mod seat request:{number} accept:True` (или `False`)."
    ),
    "standin.post.offered": "🪑 **{game}**: {user} хочет выйти из партии; освобождается место (держава: {powers}; `/game join power:`).",
    "standin.post.seat_asked_unnamed": (
        "🪑 **{game}**: {user} хочет играть державой {power} (запрос **{number}**). "
        "Модераторы: `/mod seat request:{number} accept:True` (или `False`)."
    ),
    "standin.post.seat_taken": "🪑 **{game}**: с этой фазы державой {power} играет {user}. Добро пожаловать!",
    "standin.someone": "игрок",
    # личные сообщения
    "standin.dm.asked": "👋 Ты просишь место в партии **{game}** (держава: {power}). Я напишу сюда, когда оно станет твоим.",
    "standin.dm.accepted": "✅ **{game}**: можешь играть державой {power}. Она твоя со следующей фазы; её приказы придут в ЛС.",
    "standin.dm.refused": "**{game}**: модераторы не отдали тебе державу {power}.",
    "standin.dm.taken_over": "🔄 Твоё место в **{game}** (держава: {powers}) занял другой игрок. Спасибо за игру!",
    # ответы
    "standin.reply.asked": "🪑 Просьба о державе {power} в партии **{game}** отправлена. Решают модераторы; ответ придёт в ЛС.",
    "standin.reply.queued": "🪑 Держава {power} в **{game}** твоя со следующей фазы. Её приказы придут в ЛС.",
    "standin.reply.leaving": (
        "🪑 Твоё место в **{game}** свободно (держава: {powers}): ты играешь дальше, пока его кто-нибудь "
        "не займёт (или модератор тебя не заменит)."
    ),
    "standin.reply.accepted": "✅ Со следующей фазы державой {power} играет {user}.",
    "standin.reply.refused": "Запрос на державу {power} отклонён.",
    "standin.reply.replaced_bot": "🔄 Теперь державой {powers} вместо бота 🤖 играет {new}; уведомление отправлено.",
    # отказы
    "standin.bad_player": "❌ `{text}` — нет такого варианта для державы в беспорядках: выбери «стоять» или «опекун».",
    "standin.bots_seven": "❌ Боты занимают пустые места партии на 7 держав (`players:7`) или дуэли (`variant:fva`, ты против бота), но не партии на 2–6 игроков.",
    "standin.reclaim": (
        "❌ С тех пор как держава {power} в партии **{game}** осталась без тебя, ею играл бот-опекун: место свободно, "
        "и отдавать ей приказы ты больше не можешь. Модератор может вернуть её (`/mod civil-disorder state:off`)."
    ),
    "standin.not_open": (
        "❌ Держава {power} в **{game}** — не свободное место. Свободны державы ботов и державы в беспорядках."
    ),
    "standin.join_forming": "❌ Партия **{game}** ещё не началась: присоединяйся через `/game join`, не выбирая державу.",
    "standin.already_playing": "❌ Ты уже играешь в партии **{game}**.",
    "standin.already_leaving": "❌ Просьба о выходе из партии **{game}** уже есть; ты играешь дальше, пока место не займут.",
    "standin.already_asked": "❌ Твоя просьба о месте в партии **{game}** уже ждёт решения модераторов.",
    "standin.seat_taken": "❌ Державу {power} в **{game}** уже занимает другой игрок.",
    "standin.no_request": "❌ В **{game}** нет ожидающего запроса **{number}**.",
    "standin.board_gone": "❌ Этого места больше нет на доске замен. Смотри `/substitutes list`.",
    # доска замен
    "standin.board.title": "🪑 **Свободные места** (партиям нужна замена):",
    "standin.board.line": (
        "• **{game}** на сервере {server}: держава {power}, {centres}, {year}; следующий срок {deadline}; "
        "{language}; переговоры: {press}; надёжность: {reliability}"
    ),
    "standin.board.any": "любая",
    "standin.board.min": "приказы хотя бы в {percent}% фаз",
    "standin.board.how": "Попроси место командой `/substitutes apply`; решают модераторы партии.",
    "standin.board.empty": "🪑 Сейчас ни одной партии не нужна замена.",
    "standin.board.unreliable": (
        "❌ Партия **{game}** ждёт игроков, отдавших приказы хотя бы в {percent}% своих фаз; у тебя — {yours}%."
    ),
    "standin.dm.invite": "📨 Партия **{game}** идёт на сервере **{server}**, где ты будешь играть державой {power}: {url}",
    "standin.reply.invited": "📨 Приглашение на этот сервер отправлено игроку {user} в ЛС.",
    "standin.reply.no_invite": (
        "⚠️ Не удалось создать приглашение (боту нужно право «Создавать приглашения»): отправь приглашение игроку {user} лично."
    ),
    "standin.reply.invite_not_sent": "⚠️ {user} не принимает от меня ЛС: отправь это приглашение лично: {url}",
    # /mod log
    "mod.log.standin": "{who}: 🤖 державой {power} сыграл бот: {orders}",
    "mod.log.seat_asked": "{who}: просьба о державе {power}",
    "mod.log.seat_accepted": "{who}: держава {power} отдана игроку {user}",
    "mod.log.seat_refused": "{who}: держава {power} не отдана игроку {user}",
    "mod.log.seat_taken": "{who}: держава {power} перешла к игроку {user}",
    "mod.log.seat_left": "{who}: просьба о выходе (держава: {powers})",
    "anon.log.seat_left": "{who}: игрок просит о выходе (держава: {powers})",
    "anon.log.seat_asked": "{who}: игрок просит державу {power}",
    "anon.log.seat_accepted": "{who}: держава {power} отдана игроку",
    "anon.log.seat_refused": "{who}: держава {power} не отдана игроку",
    "anon.log.seat_taken": "{who}: держава {power} перешла к новому игроку",
}
