import { startEmulator } from './src/emulator';

/**
 * npm run emulator: the marketplace emulator on EMULATOR_PORT (3900); EMULATOR_LIMITS=off disables rate limits,
 * EMULATOR_LIMIT_TIME_SCALE=0.1 makes every limit period ten times shorter, EMULATOR_ITEM_CACHE_MB bounds the generated
 * items kept serialized (default 320), EMULATOR_MEDIA_APPLY_DELAY_MS how long a card's new media take to show (default 3000).
 */
async function main(): Promise<void> {
  const port = Number(process.env.EMULATOR_PORT ?? 3900);
  const emulator = await startEmulator({
    port,
    host: process.env.EMULATOR_HOST ?? '127.0.0.1',
    limits: process.env.EMULATOR_LIMITS !== 'off',
    limitTimeScale: Number(process.env.EMULATOR_LIMIT_TIME_SCALE ?? 1),
    mediaApplyDelayMs: process.env.EMULATOR_MEDIA_APPLY_DELAY_MS ? Number(process.env.EMULATOR_MEDIA_APPLY_DELAY_MS) : undefined,
    itemCacheBytes: process.env.EMULATOR_ITEM_CACHE_MB ? Number(process.env.EMULATOR_ITEM_CACHE_MB) * 1024 * 1024 : undefined,
  });
  process.stdout.write(`marketplace emulator on ${emulator.url} (control API at ${emulator.url}/__emulator)\n`);
  const stop = () => emulator.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
