import { type Role, ROLE_LABEL } from '../../api/roles';

/** The actions the service records, in the words of the audit log screen (its action filter offers these). */
export const ACTION_LABEL: Record<string, string> = {
  'auth.register': 'Регистрация',
  'auth.login.failed': 'Неудачный вход',
  'auth.lockout': 'Блокировка входа',
  'auth.refresh.reuse': 'Повторное использование токена обновления',
  'auth.role.change': 'Смена роли',
  'auth.sessions.revoke': 'Завершение сеансов',
  'auth.admin.promote': 'Назначение администратора при запуске',
  'brand-access.grant': 'Открыт доступ к бренду',
  'brand-access.revoke': 'Отозван доступ к бренду',
  'mp-account.create': 'Подключение кабинета',
  'mp-account.update': 'Изменение кабинета',
  'mp-account.delete': 'Удаление кабинета',
  'pricing.set': 'Изменение цены',
  'pricing.bulk': 'Массовое изменение цен',
  'pricing.discount.set': 'Изменение скидки',
  'pricing.discount.bulk': 'Массовое изменение скидок',
  'repricer.rule.create': 'Создание правила репрайсера',
  'repricer.rule.update': 'Изменение правила репрайсера',
  'autoreply.send': 'Отправка ответа',
  'autoreply.check': 'Проверка ответа',
  'autobidder.bid-engine.run': 'Пересчёт ставок',
  'autobidder.strategy.create': 'Создание стратегии ставок',
  'autobidder.strategy.update': 'Изменение стратегии ставок',
  'autobidder.strategy.delete': 'Удаление стратегии ставок',
  'autobidder.budget.create': 'Создание лимита бюджета',
  'autobidder.budget.update': 'Изменение лимита бюджета',
  'autobidder.budget.delete': 'Удаление лимита бюджета',
  'autobidder.campaign.update': 'Изменение кампании',
};

export const ACTION_OPTIONS = Object.entries(ACTION_LABEL).map(([value, label]) => ({ value, label }));

export function actionLabel(action: string): string {
  return ACTION_LABEL[action] ?? action;
}

const roleLabel = (value: unknown) => ROLE_LABEL[value as Role] ?? String(value);

/** A one-line summary of a record's details: a role change reads "Продавец → Менеджер", other details as key: value. */
export function detailsSummary(action: string, details: Record<string, unknown>): string {
  if (action === 'auth.role.change') return `${roleLabel(details.from)} → ${roleLabel(details.to)}`;
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}
