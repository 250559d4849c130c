import sharp from 'sharp';

import { Answer, call, expectStatus, jobEnded, readUntil } from './http';

/** The demo's fact about its card, made on the first run. */
const DEMO_ARTICLE = {
  type: 'product_fact',
  title: 'Демо: уход и состав',
  body: '## Уход\n\nСтирка при 30 °C на деликатном режиме, не отбеливать, сушить горизонтально.\n\n## Состав\n\n95 % хлопок, 5 % эластан.',
  status: 'published',
};
/** The card photo's least size the marketplace takes. */
const IMAGE_SIZE = { width: 700, height: 900 };
/** The two variants: a plain background with a square of another colour in the middle. */
const VARIANTS = [
  { name: 'variant-a.jpg', background: '#f2e8dc', square: '#8a5a44' },
  { name: 'variant-b.jpg', background: '#dde9f2', square: '#2f5d8a' },
];
const DEMO_SWITCH_IMPRESSIONS = 1000;
const ACTIVE_TEST_STATES = ['scheduled', 'running', 'paused'];

export interface DemoContent {
  articleId: string;
  nmId: number;
  draftId: string;
  scoreBefore: number;
  scoreAfter: number;
  draftStatus: string;
  abTestId: string;
  abTestNmId: number;
  abTestState: string;
  imageUrls: string[];
}

/** The demo's knowledge-base article about the card, made on the first run. */
async function demoArticle(base: string, token: string, mpAccountId: string, nmId: number): Promise<string> {
  const articles = expectStatus(
    await call(base, 'GET', `/knowledge-base/articles?mpAccountId=${mpAccountId}&limit=100`, token),
    200,
    'list knowledge-base articles',
  ).body.items as { id: string; title: string }[];
  return (
    articles.find((article) => article.title === DEMO_ARTICLE.title)?.id ??
    (expectStatus(
      await call(base, 'POST', '/knowledge-base/articles', token, { mpAccountId, nmIds: [nmId], ...DEMO_ARTICLE }),
      201,
      'create the knowledge-base article',
    ).body.id as string)
  );
}

/** The card's texts written by the AI (the emulator's) as a draft, approved, and read until the marketplace applied them. */
async function demoDraft(base: string, token: string, mpAccountId: string, nmId: number) {
  const { jobId } = expectStatus(
    await call(base, 'POST', '/content/generate', token, { mpAccountId, nmIds: [nmId], fields: ['title', 'description'] }),
    202,
    'generate the card texts',
  ).body;
  const job = await jobEnded(base, token, `/content/jobs/${jobId}`, 'content generation', 120_000);
  const { draftId } = (job.result as { drafts: { draftId: string }[] }).drafts[0];
  expectStatus(await call(base, 'POST', `/content/drafts/${draftId}/approve`, token), 200, 'approve the card texts');
  const draft = await readUntil(
    'the card texts published',
    async () => expectStatus(await call(base, 'GET', `/content/drafts/${draftId}`, token), 200, 'read the draft').body,
    (body) => body.status !== 'approved' && body.status !== 'publishing',
    120_000,
  );
  return { draftId, scoreBefore: draft.scoreBefore as number, scoreAfter: draft.scoreAfter as number, draftStatus: draft.status as string };
}

/** A variant image made here: a JPEG of the least size a card photo may be. */
function variantImage(variant: (typeof VARIANTS)[number]): Promise<Buffer> {
  const side = Math.round(IMAGE_SIZE.width / 2);
  return sharp({ create: { ...IMAGE_SIZE, channels: 3, background: variant.background } })
    .composite([{ input: { create: { width: side, height: side, channels: 3, background: variant.square } }, gravity: 'centre' }])
    .jpeg()
    .toBuffer();
}

async function uploadImage(base: string, token: string, mpAccountId: string, variant: (typeof VARIANTS)[number]) {
  const form = new FormData();
  form.append('mpAccountId', mpAccountId);
  form.append('file', new Blob([new Uint8Array(await variantImage(variant))], { type: 'image/jpeg' }), variant.name);
  const response = await fetch(`${base}/ab-test-images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const answer: Answer = { status: response.status, body: (await response.json()) as Answer['body'] };
  return expectStatus(answer, 201, 'upload an A/B test image').body as { id: string; publicUrl: string };
}

/**
 * An A/B test of the card's main photo over the campaign, two images made and uploaded here, started; a later run
 * finds the test still going and keeps it.
 */
async function demoAbTest(base: string, token: string, mpAccountId: string, nmId: number, advertId: number) {
  const tests = expectStatus(
    await call(base, 'GET', `/ab-tests?mpAccountId=${mpAccountId}&nmId=${nmId}&limit=100`, token),
    200,
    'list A/B tests',
  ).body.items as { id: string; state: string; variants: string[] }[];
  const going = tests.find((test) => ACTIVE_TEST_STATES.includes(test.state));
  if (going) return { abTestId: going.id, abTestState: going.state, imageUrls: [] };
  const images = [];
  for (const variant of VARIANTS) images.push(await uploadImage(base, token, mpAccountId, variant));
  const test = expectStatus(
    await call(base, 'POST', '/ab-tests', token, {
      mpAccountId,
      nmId,
      advertId,
      variants: images.map((image) => image.id),
      switchEvery: { impressions: DEMO_SWITCH_IMPRESSIONS },
      onFinish: 'apply_winner',
    }),
    201,
    'create the A/B test',
  ).body;
  const started = expectStatus(await call(base, 'POST', `/ab-tests/${test.id}/start`, token), 200, 'start the A/B test').body;
  return { abTestId: test.id as string, abTestState: started.state as string, imageUrls: images.map((image) => image.publicUrl) };
}

/**
 * The content studio: a knowledge-base article about the first card, its texts written by the AI, approved and
 * published; and an A/B test of the second card's main photo over the campaign the demo set up.
 */
export async function demoContent(
  base: string,
  token: string,
  mpAccountId: string,
  nmIds: number[],
  advertId: number,
): Promise<DemoContent> {
  const [nmId, abTestNmId] = nmIds;
  const articleId = await demoArticle(base, token, mpAccountId, nmId);
  const draft = await demoDraft(base, token, mpAccountId, nmId);
  const abTest = await demoAbTest(base, token, mpAccountId, abTestNmId, advertId);
  return { articleId, nmId, ...draft, abTestNmId, ...abTest };
}

/** What the demo prints of the content studio. */
export function demoContentLines(base: string, mpAccountId: string, content: DemoContent): string[] {
  return [
    `Content studio: the knowledge-base article "${DEMO_ARTICLE.title}" (${content.articleId}) about card ${content.nmId}; ` +
      `the AI's title and description for it, draft ${content.draftId} (score ${content.scoreBefore} → ${content.scoreAfter}), approved: ${content.draftStatus}. ` +
      `A/B test ${content.abTestId} of card ${content.abTestNmId}'s main photo: ${content.abTestState}` +
      (content.imageUrls.length ? `, its images at ${content.imageUrls.join(' and ')}` : '') +
      '.',
    `  curl -s -X POST ${base}/knowledge-base/search -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"mpAccountId":"${mpAccountId}","q":"стирка и состав"}'`,
    `  curl -s "${base}/content/audit?mpAccountId=${mpAccountId}&limit=20" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/content/drafts/${content.draftId}" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/ab-tests/${content.abTestId}" -H "Authorization: Bearer $TOKEN"`,
    '',
  ];
}
