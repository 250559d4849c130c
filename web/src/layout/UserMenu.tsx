import { Button, Menu } from '@mantine/core';

import { api } from '../api/client';
import type { components } from '../api/schema';
import { navigate } from '../routing/router';
import { session } from '../session/session-store';

const ROLE_LABEL = { admin: 'администратор', seller: 'продавец', manager: 'менеджер' } as const;

/** Who is signed in, the profile, and the two ways out: this tab, or every device. */
export function UserMenu({ profile }: { profile: components['schemas']['UserProfileDto'] }) {
  const logoutAll = async () => {
    await api.POST('/auth/logout-all');
    session.clear();
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default">{profile.displayName}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {profile.email} · {ROLE_LABEL[profile.role]}
        </Menu.Label>
        <Menu.Item onClick={() => navigate('/profile')}>Профиль</Menu.Item>
        <Menu.Item onClick={() => void session.logout()}>Выйти</Menu.Item>
        <Menu.Item color="red" onClick={() => void logoutAll()}>
          Выйти на всех устройствах
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
