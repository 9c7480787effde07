import {
  adminStatsDtoSchema,
  dashboardCountsDtoSchema,
  dashboardQuery,
  dashboardStatsDtoSchema,
  envelope,
  userStatsDtoSchema,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as service from './dashboard.service';

const tags = ['dashboard'];
const refusals = errorResponses(400, 401, 403);

/**
 * The dashboard's calls, at the paths of 01 section 7 (three under /users, one under /dashboard):
 * registered at the API root so that the users module keeps its own routes.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/dashboard-stats',
    {
      schema: {
        tags,
        summary:
          'Units in stock and on rentals, their change from last month, the locations, the chart',
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardStatsDtoSchema), ...refusals },
      },
    },
    async (request) =>
      ok(
        await service.dashboardStats(app.ctx, requireAuth(request).user, request.query.filter),
        'Dashboard statistics fetched',
      ),
  );

  app.get(
    '/users/admin-stats',
    {
      schema: {
        tags,
        summary: "The admin's cards: invoices, users, materials, this month's requests, low stock",
        querystring: dashboardQuery,
        response: { 200: envelope(adminStatsDtoSchema), ...refusals },
      },
    },
    async (request) =>
      ok(
        await service.adminStats(app.ctx, requireAuth(request).user, request.query.filter),
        'Admin statistics fetched',
      ),
  );

  app.get(
    '/dashboard/user-stats',
    {
      schema: {
        tags,
        summary: "The field manager's cards: staff, present, on leave, invoices",
        querystring: dashboardQuery,
        response: { 200: envelope(userStatsDtoSchema), ...refusals },
      },
    },
    async (request) =>
      ok(
        await service.userStats(app.ctx, requireAuth(request).user, request.query.filter),
        'User statistics fetched',
      ),
  );

  app.get(
    '/users/dashboard-counts',
    {
      schema: {
        tags,
        summary: "The page's one call: the shared figures and the cards of the viewer's role",
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardCountsDtoSchema), ...refusals },
      },
    },
    async (request) =>
      ok(
        await service.dashboardCounts(app.ctx, requireAuth(request).user, request.query.filter),
        'Dashboard counts fetched',
      ),
  );
};
