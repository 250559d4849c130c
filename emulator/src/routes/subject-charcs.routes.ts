import type { FastifyInstance } from 'fastify';

import { subjectCharcsOf } from '../generator/subject-charcs';

const CHARCS_PATH = '/content/v2/object/charcs/{subjectId}';
const LOCALES = ['ru', 'en', 'zh'];

/** Reference 15.3: the characteristics of a subject; the sandbox answers Russian names whatever the locale. */
export function registerSubjectCharcsRoutes(app: FastifyInstance): void {
  app.get<{ Params: { subjectId: string }; Querystring: { locale?: string } }>(
    '/content/v2/object/charcs/:subjectId',
    { config: { scope: 'content', path: CHARCS_PATH } },
    async (request, reply) => {
      const subjectId = Number(request.params.subjectId);
      const locale = request.query.locale;
      // Reference 0.3: the content scope's 400 body.
      if (!/^\d+$/.test(request.params.subjectId) || !Number.isSafeInteger(subjectId))
        return reply.status(400).send({ data: null, error: true, errorText: 'Invalid subjectId', additionalErrors: null });
      if (locale !== undefined && !LOCALES.includes(locale))
        return reply.status(400).send({ data: null, error: true, errorText: 'Invalid locale', additionalErrors: null });
      return { data: subjectCharcsOf(subjectId), error: false, errorText: '', additionalErrors: null };
    },
  );
}
