import Fastify, { FastifyInstance } from 'fastify';

import { CallLog } from './call-log';
import { Faults } from './faults';
import { LlmPrompts } from './llm-prompts';
import { LlmScript } from './llm-script';
import { callLogHook, EmulatorContext, marketplacePreHandler } from './pipeline';
import { problem, sendProblem } from './problem';
import { RateLimiter } from './rate-limiter';
import { registerAcceptanceControlRoutes, registerAcceptanceRoutes, registerFbwWarehouseRoutes } from './routes/acceptance.routes';
import { registerAdSpendRoutes } from './routes/ad-spend.routes';
import { registerAdvertRoutes } from './routes/advert.routes';
import { registerFunnelRoutes } from './routes/analytics.routes';
import { registerCardControlRoutes } from './routes/card-control.routes';
import { registerPing } from './routes/common.routes';
import { registerContentRoutes } from './routes/content.routes';
import { registerContentWriteRoutes } from './routes/content-writes.routes';
import { CONTROL_PREFIX, registerControlRoutes } from './routes/control.routes';
import { registerFbwSuppliesRoutes, registerSupplyControlRoutes } from './routes/fbw-supplies.routes';
import { registerFeedbacksRoutes } from './routes/feedbacks.routes';
import { registerFinanceRoutes } from './routes/finance.routes';
import { registerFinanceReportsRoutes } from './routes/finance-reports.routes';
import { LLM_PREFIX, registerLlmRoutes } from './routes/llm.routes';
import { PHOTOS_PREFIX, registerPhotoRoutes } from './routes/photos.routes';
import { registerPricesRoutes } from './routes/prices.routes';
import { registerStatisticsRoutes } from './routes/statistics.routes';
import { registerSellerStockRoutes, registerStockAnalyticsRoutes } from './routes/stock.routes';
import { registerSubjectCharcsRoutes } from './routes/subject-charcs.routes';
import { registerTariffsRoutes } from './routes/tariffs.routes';
import { Scope, SCOPE_NAMES } from './scopes';
import { Sellers } from './sellers';

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The reference's rate limits (default) or none, for throughput benchmarks. */
  limits?: boolean;
  /** Every limit's period times this (0.1: 10 per 6 s becomes 10 per 600 ms), for benchmarks of clients; default 1. */
  limitTimeScale?: number;
  /** How long an accepted price upload takes to show in the goods list (default 0). */
  priceApplyDelayMs?: number;
  /** How long a media call (reference 15.4, 15.5) takes to show on the card (default MEDIA_APPLY_DELAY_MS). */
  mediaApplyDelayMs?: number;
  /** Bytes of generated items kept serialized (default ITEM_CACHE_BYTES): a benchmark that reads a large seller twice sets room for all. */
  itemCacheBytes?: number;
}

export interface RunningEmulator {
  /** Base address: scope S is at `${url}/${S}`, the AI provider at `${url}/llm/v1`. */
  url: string;
  context: EmulatorContext;
  close(): Promise<void>;
}

/** A card's new media show this long after the call, as the marketplace processes them. */
export const MEDIA_APPLY_DELAY_MS = 3000;

/** Routes of each scope beyond /ping. */
const SCOPE_ROUTES: Partial<Record<Scope, (app: FastifyInstance, context: EmulatorContext) => void>> = {
  content: (app, context) => {
    registerContentRoutes(app);
    registerContentWriteRoutes(app, context);
    registerSubjectCharcsRoutes(app);
  },
  prices: (app, context) => registerPricesRoutes(app, context.settings),
  statistics: registerStatisticsRoutes,
  feedbacks: registerFeedbacksRoutes,
  finance: (app) => {
    registerFinanceRoutes(app);
    registerFinanceReportsRoutes(app);
  },
  advert: (app) => {
    registerAdvertRoutes(app);
    registerAdSpendRoutes(app);
  },
  supplies: (app) => {
    registerFbwSuppliesRoutes(app);
    registerFbwWarehouseRoutes(app);
  },
  analytics: (app) => {
    registerStockAnalyticsRoutes(app);
    registerFunnelRoutes(app);
  },
  marketplace: registerSellerStockRoutes,
  common: (app) => {
    registerAcceptanceRoutes(app);
    registerTariffsRoutes(app);
  },
};

export function buildEmulator(options: EmulatorOptions = {}): { app: FastifyInstance; context: EmulatorContext } {
  const context: EmulatorContext = {
    sellers: new Sellers(options.itemCacheBytes),
    faults: new Faults(),
    limiter: new RateLimiter(),
    calls: new CallLog(),
    limits: { enabled: options.limits ?? true, timeScale: options.limitTimeScale ?? 1 },
    settings: { priceApplyDelayMs: options.priceApplyDelayMs ?? 0, mediaApplyDelayMs: options.mediaApplyDelayMs ?? MEDIA_APPLY_DELAY_MS },
    llm: new LlmScript(),
    llmPrompts: new LlmPrompts(),
  };
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 10 * 1024 * 1024 });
  app.addHook('preHandler', marketplacePreHandler(context));
  app.addHook('onResponse', callLogHook(context));
  // Reference 0.3: content's 400 for a body that is not JSON is plain text.
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 400 && (error as { code?: string }).code?.startsWith('FST_ERR_CTP')) {
      return reply.status(400).header('content-type', 'text/plain').send('Request body can not be decoded');
    }
    return reply.status(status).send({ error: (error as Error).message });
  });
  app.setNotFoundHandler((_request, reply) =>
    sendProblem(reply, {
      ...problem(404, 'path not found', 'Please consult the https://dev.wildberries.ru/openapi/api-information'),
      code: '',
      origin: '',
    }),
  );
  for (const scope of SCOPE_NAMES) {
    app.register(
      async (scoped) => {
        registerPing(scoped, scope);
        SCOPE_ROUTES[scope]?.(scoped, context);
      },
      { prefix: `/${scope}` },
    );
  }
  app.register(async (llm) => registerLlmRoutes(llm, context), { prefix: LLM_PREFIX });
  app.register(
    async (control) => {
      registerControlRoutes(control, context);
      registerSupplyControlRoutes(control, context);
      registerAcceptanceControlRoutes(control, context);
      registerCardControlRoutes(control, context);
    },
    { prefix: CONTROL_PREFIX },
  );
  app.register(async (photos) => registerPhotoRoutes(photos, context.sellers), { prefix: PHOTOS_PREFIX });
  return { app, context };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { app, context } = buildEmulator(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as { port: number };
  const url = `http://${host}:${port}`;
  context.sellers.photosUrl = `${url}${PHOTOS_PREFIX}`;
  return { url, context, close: () => app.close() };
}
