import {
  companyProfileDto,
  companyProfileSchema,
  envelope,
  idParam,
  notificationSettingsDto,
  notificationSettingsUpdateSchema,
  securitySettingsDto,
  securitySettingsSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './settings.service';

const tags = ['settings'];

/** The settings calls of 01 section 7, under /users: the company profile and the switches. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company',
    {
      schema: {
        tags,
        summary: 'The company profile',
        response: { 200: envelope(companyProfileDto), ...errorResponses(401) },
      },
    },
    async () => ok(await service.getCompanyProfile(app.ctx), 'Company profile fetched'),
  );

  app.put(
    '/company',
    {
      schema: {
        tags,
        summary: 'Save the company profile (admin)',
        body: companyProfileSchema,
        response: { 200: envelope(companyProfileDto), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        await service.updateCompanyProfile(app.ctx, actorOf(request), request.body),
        'Profile updated successfully',
      ),
  );

  app.get(
    '/security',
    {
      schema: {
        tags,
        summary: "The company's sign-in rule: Require two-factor sign-in for admins (admin)",
        response: { 200: envelope(securitySettingsDto), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await service.getSecuritySettings(app.ctx), 'Security settings fetched'),
  );

  app.put(
    '/security',
    {
      schema: {
        tags,
        summary:
          'Require two-factor sign-in for admins, or stop (admin; turning it on needs your own first)',
        body: securitySettingsSchema,
        response: { 200: envelope(securitySettingsDto), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      ok(
        await service.updateSecuritySettings(app.ctx, actorOf(request), request.body),
        'Security settings updated',
      ),
  );

  app.get(
    '/:id/notification-settings',
    {
      schema: {
        tags,
        summary: 'Your notification settings',
        params: idParam,
        response: {
          200: envelope(notificationSettingsDto),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await service.getNotificationSettings(app.ctx, actorOf(request), request.params.id),
        'Notification settings fetched',
      ),
  );

  app.put(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Change your notification switches',
        body: notificationSettingsUpdateSchema,
        response: {
          200: envelope(notificationSettingsDto),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await service.updateNotificationSettings(app.ctx, actorOf(request), request.body),
        'Notification settings updated',
      ),
  );
};
