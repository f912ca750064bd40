"""Български текстове за модерацията, размириците, равенствата и капитулациите (issue 5)."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # команди
    "cmd.mod": "Модериране на играта в този канал",
    "cmd.mod.role": "Задаване на ролята на модераторите в сървъра (само с „Управление на сървъра“)",
    "cmd.mod.role.role": "Ролята, чиито членове модерират игрите (празно, за да се премахне)",
    "cmd.mod.pause": "Пауза на играта: срокът спира",
    "cmd.mod.resume": "Продължаване на играта на пауза с оставащото време",
    "cmd.mod.extend": "Отлагане на срока",
    "cmd.mod.extend.by": "С колко, напр. 12h, 1d, 90m, 2 часа",
    "cmd.mod.deadline": "Задаване на срока",
    "cmd.mod.deadline.when": (
        "Продължителност от сега (2m, 90m, 36h, след 2 часа) или дата: 2026-03-05 18:00 Europe/Sofia"
    ),
    "cmd.mod.resolve": "Разиграване на текущата фаза веднага",
    "cmd.mod.civil_disorder": "Обявяване на размирици в държава или прекратяването им",
    "cmd.mod.civil_disorder.power": "Държавата",
    "cmd.mod.civil_disorder.state": "Вкл. или изкл.",
    "cmd.mod.replace": "Предаване на държава на друг член",
    "cmd.mod.replace.power": "Държавата, която се предава",
    "cmd.mod.replace.member": "Новият играч",
    "cmd.mod.kick": "Отстраняване на играч преди началото на играта",
    "cmd.mod.kick.member": "Играчът, който се отстранява",
    "cmd.mod.rollback": "Отмяна на последното разиграване",
    "cmd.mod.orders": "Кои държави са дали заповеди (не какви) и напомняне на останалите",
    "cmd.mod.orders.remind": "Изпращане на напомняне в ЛС на играчите, които още нямат заповеди",
    "cmd.mod.log": "Дневникът на модерацията на играта в този канал",
    "cmd.draw": "Тайно гласуване за равенство между всички оцелели държави",
    "cmd.draw.vote": "Да — предлагане или приемане на равенство, не — отказ",
    "cmd.concede": "Капитулация пред водача",
    "cmd.game.create.civil_disorder": "Пропуснати поредни ходове преди размириците (0 = никога; по подразбиране 2)",
    "mod.choice.on": "вкл.",
    "mod.choice.off": "изкл.",
    "mod.choice.yes": "да",
    "mod.choice.no": "не — отказ",
    # откази
    "mod.not_allowed": "Това може само създателят на **{game}**, членовете с „Управление на сървъра“ или с ролята на модераторите.",
    "mod.role_not_allowed": "Само членове с „Управление на сървъра“ могат да задават ролята на модераторите.",
    "mod.status_active": "**{game}** не се играе в момента.",
    "mod.status_forming": "**{game}** вече е започнала: това може само преди началото.",
    "mod.bad_policy": "Броят пропуснати ходове преди размириците трябва да е от 0 (никога) до 10.",
    "mod.already_paused": "**{game}** вече е на пауза. Продължи я с `/mod resume`.",
    "mod.not_paused": "**{game}** не е на пауза.",
    "mod.bad_duration": "Не разбирам продължителността `{text}`. Пиши напр. `12h`, `1d`, `90m` или `2 часа`.",
    "mod.bad_moment": (
        "Не разбирам срока `{text}`. Дай продължителност от сега, напр. `2m`, `90m`, `36h`, `1d 6h` или "
        "`след 2 часа`, или дата и час, напр. `2026-03-05 18:00 Europe/Sofia` (UTC без часова зона)."
    ),
    "mod.deadline_past": "Срокът `{text}` е в миналото.",
    "mod.unknown_power": "`{power}` не е държава. Избери от списъка.",
    "mod.power_not_played": "Никой не играе с {power} в **{game}**.",
    "mod.replace_already_playing": "{user} вече играе в **{game}**.",
    "mod.replace_dm_closed": "Не мога да пиша на {user} в лични съобщения, а играта има нужда от тях. Първо трябва да разреши личните съобщения от този сървър.",
    "mod.replace_raced": "Играчите в **{game}** междувременно се промениха. Опитай отново.",
    "mod.kick_not_in": "{user} не участва в **{game}**.",
    "mod.rollback_nothing": "В **{game}** няма разиграване, което да се отмени.",
    "mod.rollback_other_game": "В този канал има друга отворена игра, затова **{game}** не може да се върне.",
    "mod.remind_nobody": "Всички в **{game}** са дали заповеди: няма на кого да се напомня.",
    "mod.draw_not_survivor": "Само оцелелите държави гласуват за равенство или капитулират в **{game}**.",
    "mod.draw_none_open": "В **{game}** няма предложено равенство. Гласувай „да“, за да го предложиш.",
    "mod.concede_no_leader": "Няколко държави водят в **{game}** с еднакъв брой центрове: няма пред кого да се капитулира.",
    "mod.concede_leader": "{power} води в **{game}**: водачът не може да капитулира.",
    # публикации в канала на играта
    **forms(
        "mod.post.cd_declared",
        one=(
            "⚠️ **{game}**: {power} ({user}) не е дала заповеди {count} ход. В държавата има "
            "**размирици**: единиците ѝ задържат позиция, без да се подкрепят взаимно, прогонените се "
            "разформироват и не се изграждат нови. Модератори ({mods}): `/mod replace` може да я даде на нов играч."
        ),
        other=(
            "⚠️ **{game}**: {power} ({user}) не е дала заповеди {count} поредни хода. В държавата има "
            "**размирици**: единиците ѝ задържат позиция, без да се подкрепят взаимно, прогонените се "
            "разформироват и не се изграждат нови. Модератори ({mods}): `/mod replace` може да я даде на нов играч."
        ),
    ),
    "mod.post.cd_left": "✅ **{game}**: {power} ({user}) отново дава заповеди и размириците свършиха.",
    "mod.post.eliminated": "☠️ **{game}**: {power}{user} отпада от играта.",
    "mod.post.draw_lapsed": "🗳️ **{game}**: предложението за равенство не беше прието преди разиграването на фазата и отпадна.",
    "mod.post.paused": "⏸️ {mod} постави **{game}** на пауза. Срокът е замразен; оставащо време: {left}.",
    "mod.post.resumed": "▶️ {mod} продължи **{game}**. Срок: {deadline}",
    "mod.post.extended": "⏩ {mod} удължи срока на **{game}** с {by}. Нов срок: {deadline}",
    "mod.post.extended_paused": "⏩ {mod} удължи с {by} срока на **{game}**, която е на пауза. Оставащо време при продължаване: {left}.",
    "mod.post.deadline": "🕒 {mod} зададе срока на **{game}**: {deadline}",
    "mod.post.resolve_now": "⏭️ {mod} разиграва {phase} на **{game}** веднага.",
    "mod.post.cd_on": "⚠️ {mod} обяви **размирици** в {power} ({user}) в **{game}**.",
    "mod.post.cd_off": "✅ {mod} прекрати размириците в {power} ({user}) в **{game}**.",
    "mod.post.replaced": "🔄 {mod}: {new} вече играе с {powers} в **{game}** на мястото на {old}.",
    "mod.post.kicked": "🚪 {mod} отстрани {user} от **{game}**.",
    "mod.post.rollback": (
        "⏪ {mod} отмени последното разиграване на **{game}**: {undone} отпада и играта е отново във фаза "
        "**{back}**, с дадените заповеди. Нов срок: {deadline}"
    ),
    "mod.post.reminded": "📨 {mod} изпрати напомняне за заповедите в **{game}** на: {users}.",
    "mod.post.draw_proposed": (
        "🗳️ **{game}**: предложено е равенство между {powers}. Всяка оцеляла държава гласува тайно с "
        "`/draw` в този канал; то се приема само ако всички гласуват „да“ и отпада при разиграването на фазата."
    ),
    "mod.post.draw_agreed": "🤝 **{game}** приключи: равенство между **{powers}**. Добра игра, {users}!",
    "mod.post.conceded": "🏳️ **{game}**: {user} капитулира с {powers} пред {leader}.",
    "mod.post.concession_win": (
        "🏆 **{game}** приключи: всички други играчи капитулираха, **{power}** печели! Поздравления, {user}."
    ),
    # лични съобщения
    "mod.dm.eliminated": "☠️ **{game}**: {power} отпада от играта. Няма да получаваш повече напомняния за нея.",
    "mod.dm.replacement": (
        "🔄 Вече играеш с **{powers}** в **{game}**.\n"
        "{lines}\n"
        "**{phase}** — срок {deadline}\n"
        "Давай заповеди с `/order`; картата на позицията е приложена."
    ),
    "mod.dm.replacement_power": "**{power}**: единици {units}; центрове {centres}; заповеди в тази фаза: {todo}",
    "mod.dm.replaced_out": "🔄 Модератор предаде {powers} в **{game}** на друг играч. Благодаря ти за играта!",
    "mod.dm.reminder": "⏰ Модератор на **{game}** ти напомня: във фаза {phase} още са нужни твоите заповеди. Срок {deadline}.",
    "mod.dm.draw_proposed": "🗳️ **{game}**: предложено е равенство между {powers}. Гласувай тайно с `/draw` в канала на играта.",
    "mod.paused_deadline": "на пауза",
    # /mod log
    "mod.log.bot": "ботът",
    "mod.log.cd_declared": "{who}: размирици в {power} след пропуснати поредни ходове: {count}",
    "mod.log.cd_left": "{who}: {power} отново дава заповеди, размириците свършиха",
    "mod.log.eliminated": "{who}: {power} отпада",
    "mod.log.resolved": "{who}: разиграна фаза {phase}",
    "mod.log.pause": "{who}: пауза, оставащо време: {left}",
    "mod.log.resume": "{who}: продължение, срок {deadline}",
    "mod.log.extend": "{who}: срокът е удължен с {by}",
    "mod.log.deadline": "{who}: срокът е зададен за {deadline}",
    "mod.log.resolve": "{who}: разиграване на {phase} веднага",
    "mod.log.cd_on": "{who}: обявени размирици в {power}",
    "mod.log.cd_off": "{who}: прекратени размирици в {power}",
    "mod.log.replace": "{who}: {new} замества {old} с {powers}",
    "mod.log.kick": "{who}: отстраняване на {user}",
    "mod.log.rollback": "{who}: отменена фаза {undone}, връщане към {phase}",
    "mod.log.remind": "{who}: напомняне до {users}",
    "mod.log.draw": "{who}: равенство между {powers}",
    "mod.log.concede": "{who}: капитулация на {powers}",
    # /game status
    **forms(
        "mod.status.policy",
        one="Размирици след {count} ход без заповеди.",
        other="Размирици след {count} поредни хода без заповеди.",
    ),
    "mod.status.policy_never": "Размирици никога не се обявяват (ход без заповеди пак се разиграва като при размирици).",
    "mod.status.paused": "⏸️ На пауза; време до срока: {left}.",
    "mod.status.civil_disorder": "Размирици: {powers}",
    "mod.status.draw_open": "🗳️ Има отворено предложение за равенство (`/draw`).",
    "mod.status.reliability": "Пропуснати фази в този сървър: {records}",
    "mod.status.record": "{user} {missed}/{total}",
    # отговори
    "mod.reply.role_set": "✅ Членовете с {role} вече могат да модерират игри в този сървър.",
    "mod.reply.role_cleared": "✅ Този сървър вече няма роля на модераторите.",
    "mod.reply.done": "✅ Готово; публикувано е в канала на играта.",
    "mod.reply.orders_title": "**{game}** — {phase}: кой е дал заповеди",
    "mod.reply.orders_line": "{mark} {power} ({user}): {state}",
    "mod.orders.ready": "готово",
    "mod.orders.complete": "заповедите са дадени",
    "mod.orders.partial": "част от заповедите",
    "mod.orders.none": "още няма заповеди",
    "mod.orders.nothing": "няма какво да се заповядва",
    "mod.reply.reminded": "📨 Напомнено на: {users}",
    "mod.reply.log_title": "**{game}** — дневник на модерацията",
    "mod.reply.log_empty": "Още няма нищо.",
    # a reply to /draw or /concede, which may come from a DM: which game it was about
    "mod.reply.in_game": "**{game}** — {reply}",
    "mod.reply.draw_opened": (
        "🗳️ Равенството е предложено, твоят глас е „да“. Останалите са уведомени; никой няма да научи кой "
        "как е гласувал."
    ),
    "mod.reply.draw_yes": "🗳️ Твоят глас: да. Той остава таен.",
    "mod.reply.draw_no": "🗳️ Твоят глас: не. Той остава таен.",
    "mod.reply.draw_passed": "🤝 Твоят глас беше последният: равенството е прието и играта приключи.",
    "mod.reply.conceded": "🏳️ Ти капитулира пред {leader}.",
    "mod.reply.conceded_end": (
        "🏳️ Ти капитулира пред {leader}; всички други играчи вече бяха капитулирали, така че играта приключи."
    ),
    "mod.reply.rollback": "⏪ {undone} е отменена: играта е отново във фаза {back}.",
    "mod.reply.replaced": "🔄 {new} вече играе с {powers} вместо {old}; и двамата получиха известие.",
}

# issue 16: game flow
MESSAGES.update(
    {
        "mod.extend_range": "`{text}`: срокът може да се удължи наведнъж с от 1 минута до 14 дни.",
        "mod.deadline_too_soon": (
            "`{text}` е твърде скоро: срок, зададен от модератор, трябва да е поне след 1 минута (сроковете "
            "на играта започват от 5 минути)."
        ),
        "mod.post.resumed_ready": (
            "▶️ {mod} продължи **{game}**. Всички играчи са готови, затова „{phase}“ се разиграва сега."
        ),
        "mod.post.deadline_ready": (
            "🕒 {mod} зададе нов срок на **{game}**. Всички играчи са готови, затова „{phase}“ се разиграва сега."
        ),
        **forms(
            "mod.post.power_idle",
            one=(
                "⚠️ **{game}**: {power} е без заповеди вече {count} ход. Играчът ѝ {user} е активен "
                "(даде заповеди за {powers}), затова в {power} не се обявяват размирици; във всяка фаза без "
                "заповеди единиците ѝ задържат, а изтласканите се разформироват. {user}: не забравяй да даваш "
                "заповеди и за {power}."
            ),
            other=(
                "⚠️ **{game}**: {power} е без заповеди вече {count} поредни хода. Играчът ѝ {user} е активен "
                "(даде заповеди за {powers}), затова в {power} не се обявяват размирици; във всяка фаза без "
                "заповеди единиците ѝ задържат, а изтласканите се разформироват. {user}: не забравяй да даваш "
                "заповеди и за {power}."
            ),
        ),
        "mod.log.power_idle": "{who}: {power} без заповеди {count} поредни хода; играчът ѝ е активен",
    }
)
