import { lazy } from 'react';

/** The screens of the signed-in app, one per module, each loaded when first opened. */
export const SCREENS = [
  { path: '/dashboard', label: 'Сводка', adminOnly: false, Component: lazy(() => import('./dashboard/DashboardScreen')) },
  { path: '/accounts', label: 'Кабинеты', adminOnly: false, Component: lazy(() => import('./accounts/AccountsScreen')) },
  { path: '/catalog', label: 'Каталог', adminOnly: false, Component: lazy(() => import('./catalog/CatalogScreen')) },
  { path: '/prices', label: 'Цены', adminOnly: false, Component: lazy(() => import('./prices/PricesScreen')) },
  { path: '/repricer', label: 'Репрайсер', adminOnly: false, Component: lazy(() => import('./repricer/RepricerScreen')) },
  { path: '/profile', label: 'Профиль', adminOnly: false, Component: lazy(() => import('./ProfileScreen')) },
  { path: '/admin/users', label: 'Пользователи', adminOnly: true, Component: lazy(() => import('./UsersScreen')) },
];

export const HOME_PATH = '/dashboard';
