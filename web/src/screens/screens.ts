import { lazyScreen } from './lazy-screen';

/** The screens of the signed-in app, one per module, each loaded when first opened. */
export const SCREENS = [
  { path: '/dashboard', label: 'Сводка', adminOnly: false, Component: lazyScreen(() => import('./dashboard/DashboardScreen')) },
  { path: '/accounts', label: 'Кабинеты', adminOnly: false, Component: lazyScreen(() => import('./mp-accounts/AccountsScreen')) },
  { path: '/catalog', label: 'Каталог', adminOnly: false, Component: lazyScreen(() => import('./catalog/CatalogScreen')) },
  { path: '/prices', label: 'Цены', adminOnly: false, Component: lazyScreen(() => import('./pricing/PricesScreen')) },
  { path: '/repricer', label: 'Репрайсер', adminOnly: false, Component: lazyScreen(() => import('./repricer/RepricerScreen')) },
  { path: '/inbox', label: 'Отзывы и вопросы', adminOnly: false, Component: lazyScreen(() => import('./autoreply/inbox/InboxScreen')) },
  {
    path: '/autoreply/templates',
    label: 'Шаблоны и сценарии',
    adminOnly: false,
    Component: lazyScreen(() => import('./autoreply/templates/TemplatesScreen')),
  },
  {
    path: '/complaints',
    label: 'Жалобы',
    adminOnly: false,
    Component: lazyScreen(() => import('./autoreply/complaints/ComplaintsScreen')),
  },
  { path: '/content', label: 'Контент', adminOnly: false, Component: lazyScreen(() => import('./content/ContentScreen')) },
  {
    path: '/knowledge-base',
    label: 'База знаний',
    adminOnly: false,
    Component: lazyScreen(() => import('./knowledge-base/KnowledgeBaseScreen')),
  },
  { path: '/imports', label: 'Импорт', adminOnly: false, Component: lazyScreen(() => import('./digitization/ImportsScreen')) },
  { path: '/stock', label: 'Остатки', adminOnly: false, Component: lazyScreen(() => import('./inventory/StockScreen')) },
  { path: '/supplies', label: 'Поставки', adminOnly: false, Component: lazyScreen(() => import('./booking/BookingScreen')) },
  { path: '/finance', label: 'Финансы', adminOnly: false, Component: lazyScreen(() => import('./finance/FinanceScreen')) },
  { path: '/ads', label: 'Реклама', adminOnly: false, Component: lazyScreen(() => import('./autobidder/AdsScreen')) },
  { path: '/ab-tests', label: 'A/B-тесты', adminOnly: false, Component: lazyScreen(() => import('./ab-tests/AbTestsScreen')) },
  { path: '/rnp', label: 'РнП', adminOnly: false, Component: lazyScreen(() => import('./rnp/RnpScreen')) },
  { path: '/profile', label: 'Профиль', adminOnly: false, Component: lazyScreen(() => import('./auth/ProfileScreen')) },
  { path: '/admin/users', label: 'Пользователи', adminOnly: true, Component: lazyScreen(() => import('./auth/UsersScreen')) },
  {
    path: '/admin/brand-access',
    label: 'Доступ к брендам',
    adminOnly: true,
    Component: lazyScreen(() => import('./brand-access/BrandAccessScreen')),
  },
  { path: '/admin/audit', label: 'Журнал действий', adminOnly: true, Component: lazyScreen(() => import('./audit/AuditLogScreen')) },
];

export const HOME_PATH = '/dashboard';
