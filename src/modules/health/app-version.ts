import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from '../../common/runtime/project-root';

export const APP_VERSION = Symbol('APP_VERSION');

export interface AppVersion {
  version: string;
  commit: string | null;
}

function readCommit(root: string): string | null {
  const gitDir = join(root, '.git');
  if (!existsSync(join(gitDir, 'HEAD'))) return null;
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (!head.startsWith('ref: ')) return head;
  const ref = head.slice(5);
  if (existsSync(join(gitDir, ref))) return readFileSync(join(gitDir, ref), 'utf8').trim();
  const packed = existsSync(join(gitDir, 'packed-refs')) ? readFileSync(join(gitDir, 'packed-refs'), 'utf8') : '';
  return (
    packed
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(' ')[0] ?? null
  );
}

/** Version from package.json; commit from APP_COMMIT (set by image builds) or the checkout's .git. */
export function readAppVersion(commitFromEnv?: string): AppVersion {
  const root = projectRoot();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { version, commit: commitFromEnv || readCommit(root) };
}
