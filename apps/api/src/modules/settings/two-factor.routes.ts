import {
  emptyEnvelope,
  envelope,
  twoFactorDisableSchema,
  twoFactorEnabledDto,
  twoFactorEnableSchema,
  twoFactorSetupDto,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as twoFactor from './two-factor.service';

const tags = ['settings'];

/** Two-factor enrolment, under /auth; the sign-in step is POST /auth/login/2fa. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/2fa/setup',
    {
      schema: {
        tags,
        summary: 'Start two-factor enrolment: a new secret and its QR code',
        response: { 200: envelope(twoFactorSetupDto), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await twoFactor.setup(app.ctx, actorOf(request)), 'Scan the QR code'),
  );

  app.post(
    '/2fa/enable',
    {
      schema: {
        tags,
        summary: 'Confirm the enrolment with a code; answers the recovery codes once',
        body: twoFactorEnableSchema,
        response: {
          200: envelope(twoFactorEnabledDto),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await twoFactor.enable(app.ctx, actorOf(request), request.body.code),
        'Two-factor sign-in is on',
      ),
  );

  app.post(
    '/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (needs the password)',
        body: twoFactorDisableSchema,
        response: { 200: emptyEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await twoFactor.disable(app.ctx, actorOf(request), request.body.password);
      return ok(null, 'Two-factor sign-in is off');
    },
  );
};
