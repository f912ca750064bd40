"""Русские тексты листа приказов, его меню и напоминаний (issue 6)."""

from bot.text.i18n import forms

MESSAGES: dict[str, str] = {
    # лист приказов
    "sheet.title": "📋 **{game}** — {phase}",
    "sheet.deadline": "Срок: {deadline}",
    "sheet.no_order": "*нет приказа*",
    "sheet.no_order_plain": "нет приказа",
    "sheet.build_n": "Постройка {n}",
    "sheet.disband_n": "Роспуск {n}",
    "sheet.nothing_to_order": "В этой фазе тебе нечего приказывать.",
    "sheet.stale": (
        "⌛ Это меню было для фазы «{phase}», она уже закончилась: **{game}** сейчас в фазе «{now}». "
        "Вот твой новый лист."
    ),
    "sheet.unknown_button": "Эта кнопка больше не действует. Открой приказы снова командой `/orders`.",
    "sheet.submitted": "✅ Отправлено приказов: {count}, изменено: {changed}.",
    "sheet.ready_confirm": "Прежде чем отметить «готов»:",
    "sheet.dm_hint": "Или отдавай приказы кнопками через `/orders`.",
    "sheet.clear_all": "Все мои приказы",
    # кнопки
    "sheet.button.all": "Приказы всем",
    "sheet.button.one": "Приказ одному",
    "sheet.button.clear": "Очистить",
    "sheet.button.ready": "Готов",
    "sheet.button.unready": "Не готов",
    "sheet.button.ready_anyway": "Всё равно готов",
    "sheet.button.back": "Назад",
    "sheet.button.skip": "Пропустить",
    "sheet.button.review": "Проверить",
    "sheet.button.submit": "Отправить",
    "sheet.button.edit": "Изменить",
    "sheet.button.cancel": "Отмена",
    "sheet.button.page": "Стр. {n}/{count}",
    # по одному войску
    "sheet.pick_title": "Какому войску отдать приказ?",
    "sheet.choose_unit": "Выбери войско",
    "sheet.step_title": "**{game}** — {phase} · {n} из {count}",
    "sheet.what_does": "Что оно делает?",
    "sheet.kind.hold": "Стоять",
    "sheet.kind.move": "Идти",
    "sheet.kind.support": "Поддержать",
    "sheet.kind.convoy": "Конвоировать",
    "sheet.kind.retreat": "Отступить",
    "sheet.kind.disband": "Распустить",
    "sheet.kind.waive": "Не строить",
    "sheet.choose": "Выбери",
    "sheet.choose_move": "Идти в…",
    "sheet.choose_retreat": "Отступить в…",
    "sheet.choose_supported": "Какое войско поддержать?",
    "sheet.choose_army": "Какую армию конвоировать?",
    "sheet.choose_support": "Поддержать {unit}: на месте или ход в…",
    "sheet.choose_convoy": "Конвоировать {unit} в…",
    "sheet.choose_build": "Что и где построить?",
    "sheet.choose_disband": "Какое войско распустить?",
    "sheet.support_hold": "Поддержать на месте",
    "sheet.by_convoy": "конвоем",
    "sheet.their_unit": "войско державы {power}",
    "sheet.no_choices": "Здесь больше нечего выбрать.",
    "sheet.already_chosen": "`{order}`: этот центр уже занят другой твоей постройкой или роспуском.",
    # проверка
    "sheet.review_title": "🔎 **{game}** — {phase}: проверь приказы",
    "sheet.changes": "Изменения с последней отправки ({count}):",
    "sheet.no_changes": "С последней отправки ничего не изменилось.",
    "sheet.change_new": "➕ `{order}`",
    "sheet.change_removed": "➖ `{order}`",
    "sheet.change_changed": "✏️ `{before}` → `{after}`",
    # предупреждения
    "warn.unordered": "⚠️ Без приказа (будут стоять): {units}",
    "warn.unordered_retreat": "⚠️ Без приказа (будут распущены): {units}",
    "warn.support_mismatch": "⚠️ `{order}` не совпадает с приказом поддерживаемого войска (`{other}`).",
    "warn.convoy_mismatch": "⚠️ `{order}` не совпадает с приказом конвоируемой армии (`{other}`).",
    "warn.needs_convoy": "⚠️ Для `{order}` нужен конвой, но ни один твой флот не конвоирует эту армию.",
    **forms(
        "warn.builds_left",
        one="⚠️ {power}: не выбрана {count} постройка (от неё откажутся).",
        few="⚠️ {power}: не выбраны {count} постройки (от них откажутся).",
        many="⚠️ {power}: не выбрано {count} построек (от них откажутся).",
        other="⚠️ {power}: не выбрано построек: {count} (от них откажутся).",
    ),
    **forms(
        "warn.too_many_builds",
        one="⚠️ {power}: {count} лишняя постройка.",
        few="⚠️ {power}: {count} лишние постройки.",
        many="⚠️ {power}: {count} лишних построек.",
        other="⚠️ {power}: лишних построек: {count}.",
    ),
    **forms(
        "warn.disbands_left",
        one="⚠️ {power}: не выбран {count} роспуск (выберут по правилам).",
        few="⚠️ {power}: не выбраны {count} роспуска (выберут по правилам).",
        many="⚠️ {power}: не выбрано {count} роспусков (выберут по правилам).",
        other="⚠️ {power}: не выбрано роспусков: {count} (выберут по правилам).",
    ),
    **forms(
        "warn.too_many_disbands",
        one="⚠️ {power}: {count} лишний роспуск.",
        few="⚠️ {power}: {count} лишних роспуска.",
        many="⚠️ {power}: {count} лишних роспусков.",
        other="⚠️ {power}: лишних роспусков: {count}.",
    ),
    # области карты
    "region.britain": "Британские острова и Атлантика",
    "region.north": "Скандинавия и север",
    "region.west": "Западная Европа",
    "region.centre": "Центральная Европа",
    "region.south": "Италия и Средиземноморье",
    "region.east": "Балканы, Турция и Чёрное море",
    "region.other": "Другое",
    # напоминания
    "remind.incomplete": "⏰ **{game}** — {phase}: срок {deadline}. Ещё без приказа: {missing}. Приказы: `/orders`.",
    "remind.complete": "⏰ **{game}** — {phase}: срок {deadline}. Твои приказы отданы; изменить их можно через `/orders`.",
    "remind.never": "Напоминания выключены.",
    "remind.summary_incomplete": "Напоминаю за {leads} до каждого срока, только если отданы не все приказы.",
    "remind.summary_always": "Напоминаю за {leads} до каждого срока, даже если все приказы отданы.",
    "remind.default_note": "(Это настройки по умолчанию; изменить: `/remind`.)",
    "remind.done": "⏰ Сохранено. {summary}",
    "remind.bad_lead": "Не понимаю `{text}` как время до срока. Пиши, например, `12h 1h`, `1d`, `90m` или `never`.",
    "remind.lead_range": "`{text}`: напоминание можно поставить от 5 минут до 7 дней до срока.",
    "remind.too_many": "Не больше {limit} напоминаний на срок.",
    "cmd.remind": "Когда напоминать до срока (например, 12h 1h или never)",
    "cmd.remind.before": "Время до срока: `12h 1h`, `1d`, `never` или `default`",
    "cmd.remind.only_incomplete": "Только если отданы не все приказы (по умолчанию да)",
}

# issue 16: game flow
MESSAGES.update(
    {
        "sheet.choose_support_hold": "Поддержать {unit} на месте",
        "sheet.choose_support_move": "Поддержать ход {unit} в…",
    }
)
