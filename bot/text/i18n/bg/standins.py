"""Български текстове на issue 23: ботове заместници (ботът-настойник на държава в размирици,
ботове на празните места), заемане на свободно място, таблото за заместници."""

MESSAGES: dict[str, str] = {
    # команди
    "cmd.game.create.civil_disorder_player": "Кой играе държава в размирици: „задържане на позиция“ (по правилата) или бот-настойник",
    "cmd.game.create.bots": "Ботове играят свободните държави: игра на 7 започват от 1 до 6 играчи, а дуел — един",
    "cmd.game.start.bots": "Ботове играят държавите, които никой не взе (игра със 7 държави или дуел)",
    "cmd.game.join.power": "По време на играта: свободно място (държава на бот или в размирици)",
    "cmd.mod.settings.civil_disorder_player": "Кой играе държава в размирици: „задържане на позиция“ (по правилата) или бот-настойник",
    "cmd.mod.settings.join_approval": "Трябва ли одобрение от модератор, за да се заеме свободно място?",
    "cmd.mod.settings.substitutes": "Покажи свободните места на играта на таблото за заместници, видимо от всички сървъри",
    "cmd.mod.settings.min_reliability": "Дял от фазите (%), в които новодошлият трябва да е дал заповеди (0: всеки)",
    "cmd.mod.seat": "Приеми или откажи молба за свободно място",
    "cmd.mod.seat.request": "Номерът на молбата",
    "cmd.mod.seat.accept": "True: приеми; False: откажи",
    "cmd.substitutes": "Заеми свободно място в игра от който и да е сървър",
    "cmd.substitutes.list": "Свободните места на игрите, които търсят заместник",
    "cmd.substitutes.apply": "Поискай свободно място от таблото за заместници",
    "cmd.substitutes.apply.seat": "Мястото (игра и държава) от списъка",
    "standin.choice.hold": "задържане на позиция: единиците ѝ задържат позиция (по правилата)",
    "standin.choice.caretaker": "настойник: играе я бот",
    # настройки
    "settings.civil_disorder_player.hold": "Държава в размирици: единиците ѝ задържат позиция (по правилата).",
    "settings.civil_disorder_player.caretaker": (
        "Държава в размирици: от следващата ѝ фаза я играе ботът-настойник 🤖 (първо резервните заповеди на играча ѝ)."
    ),
    "settings.bots.yes": "🤖 Ботове играят държавите, които никой не взе.",
    "settings.join_approval.yes": "Свободни места (`/game join power:`): заемат се от следващата фаза, с одобрение от модератор.",
    "settings.join_approval.no": "Свободни места (`/game join power:`): заемат се от следващата фаза, без одобрение.",
    "settings.substitutes.yes": "Свободните места са на таблото за заместници (`/substitutes list`).",
    "settings.substitutes.no": "Свободните места не са на таблото за заместници.",
    "settings.min_reliability": "Новодошлият трябва да е дал заповеди в поне {percent}% от фазите си.",
    "settings.min_reliability_any": "Всеки играч може да заеме свободно място, каквато и да е надеждността му.",
    # публикации
    "post.bot_mark": " 🤖",
    "post.played_by.caretaker": " — 🤖 *настойник*",
    "post.played_by.dumbbot": " — 🤖 *бот*",
    "post.bots": "🤖 Играят ги ботове: {powers}",
    "status.played_by.caretaker": "🤖 Играе ги ботът-настойник: {powers}",
    "status.played_by.dumbbot": "🤖 Играят ги ботове: {powers}",
    "status.open_seats": "🪑 Свободни места: {powers} (`/game join power:`)",
    "standin.post.takes": (
        "🤖 **{game}**: от следващата фаза **ботът-настойник** играе {power}; заповедите му са отбелязани с 🤖. "
        "Друг играч може да заеме мястото с `/game join power:`."
    ),
    "standin.post.left": "🤖 **{game}**: ботът-настойник връща {power} на {user}.",
    "standin.post.left_anon": "🤖 **{game}**: ботът-настойник вече не играе {power}.",
    "standin.post.seat_asked": (
        "🪑 **{game}**: {user} иска да поеме {power} (молба **{number}**). "
        "Модератори {mods}: `/mod seat request:{number} accept:True` (или `False`)."
    ),
    "standin.post.offered": "🪑 **{game}**: {user} иска да напусне играта; {powers} е свободно място (`/game join power:`).",
    "standin.post.seat_asked_unnamed": (
        "🪑 **{game}**: {user} иска да поеме {power} (молба **{number}**). "
        "Модератори: `/mod seat request:{number} accept:True` (или `False`)."
    ),
    "standin.post.seat_taken": "🪑 **{game}**: от тази фаза {user} играе {power}. Добре дошли!",
    "standin.someone": "играч",
    # лични съобщения
    "standin.dm.asked": "👋 Поиска {power} в **{game}**. Ще ти пиша тук, когато мястото стане твое.",
    "standin.dm.accepted": "✅ **{game}**: можеш да поемеш {power}. Твоя е от следващата фаза; заповедите ѝ идват по ЛС.",
    "standin.dm.refused": "**{game}**: модераторите не ти дадоха {power}.",
    "standin.dm.taken_over": "🔄 Друг играч вече играе {powers} в **{game}** — мястото, което остави. Благодаря ти за играта!",
    # отговори
    "standin.reply.asked": "🪑 Поиска {power} в **{game}**. Решават модераторите; ще получиш ЛС.",
    "standin.reply.queued": "🪑 {power} в **{game}** е твоя от следващата фаза. Заповедите ѝ идват по ЛС.",
    "standin.reply.leaving": (
        "🪑 Мястото ти в **{game}** е свободно: продължаваш да играеш {powers}, докато някой не го поеме "
        "(или модератор не те замени)."
    ),
    "standin.reply.accepted": "✅ {user} играе {power} от следващата фаза.",
    "standin.reply.refused": "Молбата за {power} е отказана.",
    "standin.reply.replaced_bot": "🔄 {new} вече играе {powers} вместо бота 🤖; получи известие.",
    # откази
    "standin.bad_player": "❌ `{text}` не е възможен избор за държава в размирици: избери „задържане на позиция“ или „настойник“.",
    "standin.bots_seven": "❌ Ботовете заемат празните места на игра със 7 държави (`players:7`) или на дуел (`variant:fva`, ти срещу бота), но не и на игра за 2 до 6 играчи.",
    "standin.reclaim": (
        "❌ Ботът-настойник играе {power} в **{game}**, откакто я остави: мястото е свободно и вече не можеш "
        "да ѝ даваш заповеди. Модератор може да ти я върне (`/mod civil-disorder state:off`)."
    ),
    "standin.not_open": (
        "❌ {power} не е свободно място в **{game}**. Свободни са държавите на ботове и тези в размирици."
    ),
    "standin.join_forming": "❌ Играта **{game}** още не е започнала: включи се с `/game join`, без да избираш държава.",
    "standin.already_playing": "❌ Вече играеш в **{game}**.",
    "standin.already_leaving": "❌ Вече поиска да напуснеш **{game}**; играеш, докато някой не поеме мястото ти.",
    "standin.already_asked": "❌ Вече поиска място в **{game}**; изчакай модераторите.",
    "standin.seat_taken": "❌ Някой вече поема {power} в **{game}**.",
    "standin.no_request": "❌ Няма чакаща молба **{number}** в **{game}**.",
    "standin.board_gone": "❌ Това място вече не е на таблото за заместници. Виж `/substitutes list`.",
    # таблото за заместници
    "standin.board.title": "🪑 **Свободни места** (игри, които търсят заместник):",
    "standin.board.line": (
        "• **{game}** на сървъра {server}: {power}, {centres}, {year}; следващ срок {deadline}; "
        "{language}; преговори: {press}; изисквана надеждност: {reliability}"
    ),
    "standin.board.any": "всяка",
    "standin.board.min": "заповеди в поне {percent}% от фазите",
    "standin.board.how": "Поискай място с `/substitutes apply`; решават модераторите на играта.",
    "standin.board.empty": "🪑 В момента никоя игра не търси заместник.",
    "standin.board.unreliable": (
        "❌ **{game}** търси играчи, които са дали заповеди в поне {percent}% от фазите си; при теб са {yours}%."
    ),
    "standin.dm.invite": "📨 **{game}** се играе на сървъра **{server}**, където поемаш {power}: {url}",
    "standin.reply.invited": "📨 {user} получи покана за този сървър по ЛС.",
    "standin.reply.no_invite": (
        "⚠️ Не можах да създам покана тук (ботът има нужда от правото „Създаване на покана“): изпрати покана на {user} лично."
    ),
    "standin.reply.invite_not_sent": "⚠️ {user} не приема ЛС от мен: изпрати тази покана лично: {url}",
    # /mod log
    "mod.log.standin": "{who}: 🤖 заповеди на бот за {power}: {orders}",
    "mod.log.seat_asked": "{who}: поиска {power}",
    "mod.log.seat_accepted": "{who}: даде {power} на {user}",
    "mod.log.seat_refused": "{who}: отказа {power} на {user}",
    "mod.log.seat_taken": "{who}: {user} пое {power}",
    "mod.log.seat_left": "{who}: поиска да напусне {powers}",
    "anon.log.seat_left": "{who}: играч поиска да напусне {powers}",
    "anon.log.seat_asked": "{who}: играч поиска {power}",
    "anon.log.seat_accepted": "{who}: даде {power} на играч",
    "anon.log.seat_refused": "{who}: отказа {power} на играч",
    "anon.log.seat_taken": "{who}: играч пое {power}",
}
