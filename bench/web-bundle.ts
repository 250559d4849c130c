import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

import { projectRoot } from '../src/common/runtime/project-root';

/** One entry of Vite's build manifest (keys are source paths relative to web/). */
interface ManifestChunk {
  file: string;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFigures {
  /** The scripts index.html loads: its entry and every chunk reached by static imports. */
  initialFiles: string[];
  initialGzipKb: number;
  /** Each lazily imported screen and the chunk it lands in. */
  screens: { source: string; file: string | null }[];
  /** Screens that are not lazy, share a chunk with another screen, or land in the initial script. */
  notSplit: string[];
}

const WEB = join(projectRoot(), 'web');
/** The files that import the screens lazily: the signed-out screens and the signed-in app's list. */
const SCREEN_LISTS = ['src/App.tsx', 'src/screens/screens.ts'];

/** The sources named by `lazy(() => import('./…'))` in a file, relative to web/. */
function lazySources(file: string): string[] {
  const text = readFileSync(join(WEB, file), 'utf8');
  return [...text.matchAll(/import\('(\.[^']+)'\)/g)].map((match) => `${posix.join(posix.dirname(file), match[1])}.tsx`);
}

/** The scripts loaded before any screen: the entry and its static imports, transitively. */
function initialFiles(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit('index.html');
  return [...seen].map((key) => manifest[key].file);
}

/** Builds the app once more with its manifest (same sources and configuration as dist/web) and reads the split from it. */
export function measureBundle(): BundleFigures {
  const outDir = mkdtempSync(join(tmpdir(), 'web-bundle-'));
  try {
    const vite = join(projectRoot(), 'node_modules', 'vite', 'bin', 'vite.js');
    execFileSync(
      process.execPath,
      [vite, 'build', '--config', join(WEB, 'vite.config.ts'), '--outDir', outDir, '--manifest', '--logLevel', 'warn'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const initial = initialFiles(manifest);
    const gzipBytes = initial.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0);
    const screens = SCREEN_LISTS.flatMap(lazySources).map((source) => ({ source, file: manifest[source]?.file ?? null }));
    const notSplit = screens
      .filter(({ source, file }) => {
        const sharing = screens.filter((other) => other.file === file).length > 1;
        return !file || !manifest[source].isDynamicEntry || sharing || initial.includes(file);
      })
      .map(({ source }) => source);
    return { initialFiles: initial, initialGzipKb: Math.round(gzipBytes / 102.4) / 10, screens, notSplit };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
