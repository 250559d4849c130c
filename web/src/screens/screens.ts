import { lazyScreen } from './lazy-screen';

/** The screens of the signed-in app, one per module, each loaded when first opened. */
export const SCREENS = [
  { path: '/dashboard', label: 'Сводка', adminOnly: false, Component: lazyScreen(() => import('./dashboard/DashboardScreen')) },
  { path: '/accounts', label: 'Кабинеты', adminOnly: false, Component: lazyScreen(() => import('./accounts/AccountsScreen')) },
  { path: '/catalog', label: 'Каталог', adminOnly: false, Component: lazyScreen(() => import('./catalog/CatalogScreen')) },
  { path: '/prices', label: 'Цены', adminOnly: false, Component: lazyScreen(() => import('./prices/PricesScreen')) },
  { path: '/repricer', label: 'Репрайсер', adminOnly: false, Component: lazyScreen(() => import('./repricer/RepricerScreen')) },
  { path: '/inbox', label: 'Отзывы и вопросы', adminOnly: false, Component: lazyScreen(() => import('./inbox/InboxScreen')) },
  {
    path: '/autoreply/templates',
    label: 'Шаблоны и сценарии',
    adminOnly: false,
    Component: lazyScreen(() => import('./reply-templates/TemplatesScreen')),
  },
  {
    path: '/complaints',
    label: 'Жалобы',
    adminOnly: false,
    Component: lazyScreen(() => import('./complaints/ComplaintsScreen')),
  },
  { path: '/imports', label: 'Импорт', adminOnly: false, Component: lazyScreen(() => import('./imports/ImportsScreen')) },
  { path: '/ads', label: 'Реклама', adminOnly: false, Component: lazyScreen(() => import('./ads/AdsScreen')) },
  { path: '/profile', label: 'Профиль', adminOnly: false, Component: lazyScreen(() => import('./ProfileScreen')) },
  { path: '/admin/users', label: 'Пользователи', adminOnly: true, Component: lazyScreen(() => import('./admin/UsersScreen')) },
  {
    path: '/admin/brand-access',
    label: 'Доступ к брендам',
    adminOnly: true,
    Component: lazyScreen(() => import('./admin/BrandAccessScreen')),
  },
  { path: '/admin/audit', label: 'Журнал действий', adminOnly: true, Component: lazyScreen(() => import('./admin/AuditLogScreen')) },
];

export const HOME_PATH = '/dashboard';
