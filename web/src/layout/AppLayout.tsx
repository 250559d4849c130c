import { AppShell, Group, NavLink, Title } from '@mantine/core';
import { Suspense } from 'react';

import { Link } from '../routing/router';
import { ScreenErrorBoundary } from '../screens/ScreenErrorBoundary';
import { SCREENS } from '../screens/screens';
import { useProfile } from '../session/use-session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { AccountSwitcher } from './AccountSwitcher';
import { ClosedScreen } from './ClosedScreen';
import { NotificationBell } from './NotificationBell';
import { openScreen } from './open-screen';
import { UserMenu } from './UserMenu';

/**
 * Header (account switcher, notifications, user menu), navigation by module, and the open screen; a screen that fails
 * to load shows its error inside this frame, the navigation still there.
 */
export function AppLayout({ path }: { path: string }) {
  const profile = useProfile();
  const isAdmin = profile.data?.role === 'admin';
  const screens = SCREENS.filter((screen) => !screen.adminOnly || isAdmin);
  const opened = openScreen(path, profile.data?.role);
  const open = opened.kind === 'screen' ? opened.screen : undefined;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={3}>Операции продавца</Title>
          <Group>
            <AccountSwitcher />
            <NotificationBell />
            {profile.data && <UserMenu profile={profile.data} />}
          </Group>
        </Group>
      </AppShell.Header>
      {/* The sections outnumber what a laptop screen shows at once: the navigation scrolls on its own. */}
      <AppShell.Navbar p="xs" aria-label="Разделы" style={{ overflowY: 'auto' }}>
        {screens.map((screen) => (
          <NavLink key={screen.path} component={Link} to={screen.path} label={screen.label} active={screen === open} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <ErrorNotice error={profile.error} />
        {open && (
          <Suspense fallback={null}>
            <ScreenErrorBoundary key={open.path} screen={open.Component} />
          </Suspense>
        )}
        {(opened.kind === 'no-access' || opened.kind === 'not-found') && <ClosedScreen reason={opened.kind} />}
      </AppShell.Main>
    </AppShell>
  );
}
