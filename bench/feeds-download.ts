const FEED_PATHS = ['/statistics/api/v1/supplier/orders', '/statistics/api/v1/supplier/sales'];
const LAST_CHANGE = Buffer.from('"lastChangeDate":"');

/** The rows of a page and its last row's lastChangeDate, found in the bytes without parsing them. */
function scan(page: Buffer): { rows: number; last?: string } {
  let rows = 0;
  let at = page.indexOf(LAST_CHANGE);
  let lastAt = -1;
  while (at !== -1) {
    rows += 1;
    lastAt = at;
    at = page.indexOf(LAST_CHANGE, at + LAST_CHANGE.length);
  }
  if (lastAt === -1) return { rows };
  const from = lastAt + LAST_CHANGE.length;
  return { rows, last: page.toString('utf8', from, page.indexOf(34, from)) };
}

/**
 * The floor of an import: both statistics feeds of a seller walked page by page, side by side as the import walks them,
 * each answer read whole and dropped, nothing parsed or written. No import of the same pages can take less.
 */
export async function downloadFeeds(emulatorUrl: string, key: string, dateFrom: string): Promise<{ ms: number; rows: number }> {
  const startedAt = Date.now();
  const walks = FEED_PATHS.map(async (path) => {
    let rows = 0;
    for (let cursor = dateFrom; ;) {
      const answer = await fetch(`${emulatorUrl}${path}?dateFrom=${encodeURIComponent(cursor)}&flag=0`, {
        headers: { Authorization: key },
      });
      if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
      const page = scan(Buffer.from(await answer.arrayBuffer()));
      rows += page.rows;
      if (page.last === undefined || page.last === cursor) return rows;
      cursor = page.last;
    }
  });
  const rows = (await Promise.all(walks)).reduce((sum, feed) => sum + feed, 0);
  return { ms: Date.now() - startedAt, rows };
}
