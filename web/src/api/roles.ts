import type { components } from './schema';

export type Role = components['schemas']['UserProfileDto']['role'];

export const ROLE_LABEL: Record<Role, string> = {
  seller: 'Продавец',
  manager: 'Менеджер',
  admin: 'Администратор',
};

export const ROLE_OPTIONS = (Object.keys(ROLE_LABEL) as Role[]).map((value) => ({ value, label: ROLE_LABEL[value] }));
