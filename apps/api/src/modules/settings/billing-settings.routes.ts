import {
  billingSettingsDto,
  billingSettingsSchema,
  envelope,
  workRateDto,
  workRatesSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './billing-settings.service';

const tags = ['settings'];
const workRatesReply = envelope(z.array(workRateDto));

/** The money settings, under /settings: an admin's. */
export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/billing',
    {
      schema: {
        tags,
        summary:
          "The billing settings: currency, VAT rate (percent), payment terms, and this year's next invoice and credit note numbers (admin)",
        response: { 200: envelope(billingSettingsDto), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await service.getBillingSettings(app.ctx), 'Billing settings fetched'),
  );

  app.put(
    '/billing',
    {
      schema: {
        tags,
        summary: 'Save the billing settings; the next numbers may be raised, never lowered (admin)',
        body: billingSettingsSchema,
        response: { 200: envelope(billingSettingsDto), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        await service.updateBillingSettings(app.ctx, actorOf(request), request.body),
        'Billing settings updated',
      ),
  );

  app.get(
    '/work-rates',
    {
      schema: {
        tags,
        summary: 'Every job type and unit with its work rate in cents, or null (admin)',
        response: { 200: workRatesReply, ...errorResponses(401, 403) },
      },
    },
    async () => ok(await service.getWorkRates(app.ctx), 'Work rates fetched'),
  );

  app.put(
    '/work-rates',
    {
      schema: {
        tags,
        summary: 'Replace the work rates: a job type and unit left out or null has none (admin)',
        body: workRatesSchema,
        response: { 200: workRatesReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        await service.updateWorkRates(app.ctx, actorOf(request), request.body),
        'Work rates updated',
      ),
  );
};
