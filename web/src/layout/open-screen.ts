import { HOME_PATH, SCREENS } from '../screens/screens';

type Screen = (typeof SCREENS)[number];

/** What the address opens: its screen, a refusal, a page that does not exist, or nothing yet (the role is still read). */
export type OpenScreen = { kind: 'screen'; screen: Screen } | { kind: 'no-access' } | { kind: 'not-found' } | { kind: 'waiting' };

/**
 * The screen of an address for a user whose role is `role` (undefined while it is read): the app's root opens the
 * summary; an admin screen for anyone else is refused, never replaced by another screen under its address.
 */
export function openScreen(path: string, role: string | undefined, screens: readonly Screen[] = SCREENS): OpenScreen {
  const wanted = path === '/' ? HOME_PATH : path.replace(/\/+$/, '');
  const screen = screens.find((candidate) => candidate.path === wanted);
  if (!screen) return { kind: 'not-found' };
  if (!screen.adminOnly) return { kind: 'screen', screen };
  if (role === undefined) return { kind: 'waiting' };
  return role === 'admin' ? { kind: 'screen', screen } : { kind: 'no-access' };
}
