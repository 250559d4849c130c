import { describe, expect, it } from 'vitest';

import { SCREENS } from '../screens/screens';
import { openScreen } from './open-screen';

const pathOf = (opened: ReturnType<typeof openScreen>) => (opened.kind === 'screen' ? opened.screen.path : opened.kind);

describe('the screen an address opens', () => {
  it.each([
    ['/', 'seller', '/dashboard'],
    ['/prices', 'seller', '/prices'],
    ['/prices/', 'manager', '/prices'],
    ['/admin/users', 'admin', '/admin/users'],
    ['/admin/users', 'seller', 'no-access'],
    ['/admin/audit', 'manager', 'no-access'],
    ['/admin/users', undefined, 'waiting'],
    ['/catalog', undefined, '/catalog'],
    ['/pricez', 'admin', 'not-found'],
    ['/admin', 'admin', 'not-found'],
  ] as const)('%s for a %s user: %s', (path, role, opened) => {
    expect(pathOf(openScreen(path, role))).toBe(opened);
  });

  it('every screen of the list opens at its own address for an admin', () => {
    for (const screen of SCREENS) expect(pathOf(openScreen(screen.path, 'admin'))).toBe(screen.path);
  });
});
