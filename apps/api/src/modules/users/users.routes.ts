import {
  changePasswordSchema,
  createUserSchema,
  emptyEnvelope,
  envelope,
  idParam,
  pagedEnvelope,
  resetPasswordSchema,
  roleParam,
  sessionUserSchema,
  updatePermissionsSchema,
  updateUserSchema,
  userExportQuery,
  userListQuery,
  userPageQuery,
} from '@stockyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../lib/actor';
import { findFirst } from '../../lib/find-first';
import { datedFileName, exportResponse, sendListExport } from '../../lib/list-export';
import { errorResponses, ok } from '../../lib/reply';
import { USER_COLUMNS } from './users.export';
import * as service from './users.service';
import * as passwords from './users-password.service';

/** The account found and the caller's right to change it checked before the body is read (findFirst). */
const manageableFirst = findFirst(idParam, (ctx, auth, { id }) =>
  service.manageableUser(ctx, { user: auth.user, ip: '' }, id),
);

const tags = ['users'];
const oneUser = envelope(sessionUserSchema);
// A field manager naming another location's user is answered 404, as if it did not exist.
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409);
const userPage = { 200: pagedEnvelope(sessionUserSchema), ...reads };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getAll',
    {
      schema: {
        tags,
        summary: 'Users, by name or email, role and location',
        querystring: userListQuery,
        response: userPage,
      },
    },
    async (request) => {
      const { items, pagination } = await service.listUsers(
        app.ctx,
        requireAuth(request).user,
        request.query,
      );
      return ok(items, 'Users fetched', pagination);
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          "The users the list's filters select (search, role, location), every page, newest first, as users-<day>.xlsx or .csv (a field manager's: their location's)",
        querystring: userExportQuery,
        response: { 200: exportResponse('The users list'), ...reads },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const rows = await service.exportUsers(app.ctx, requireAuth(request).user, filters);
      return sendListExport(reply, format, {
        fileName: datedFileName('users'),
        sheet: 'Users',
        columns: USER_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/detail/:id',
    {
      schema: { tags, summary: 'One user', params: idParam, response: { 200: oneUser, ...reads } },
    },
    async (request) =>
      ok(
        await service.getUser(app.ctx, requireAuth(request).user, request.params.id),
        'User fetched',
      ),
  );

  app.get(
    '/role/:role',
    {
      schema: {
        tags,
        summary: 'Users with a role',
        params: roleParam,
        querystring: userPageQuery,
        response: userPage,
      },
    },
    async (request) => {
      const { items, pagination } = await service.usersWithRole(
        app.ctx,
        requireAuth(request).user,
        request.params.role,
        request.query,
      );
      return ok(items, 'Users fetched', pagination);
    },
  );

  app.get(
    '/location/:id',
    {
      schema: {
        tags,
        summary: 'Users of a location',
        params: idParam,
        querystring: userPageQuery,
        response: userPage,
      },
    },
    async (request) => {
      const { items, pagination } = await service.usersAtLocation(
        app.ctx,
        requireAuth(request).user,
        request.params.id,
        request.query,
      );
      return ok(items, 'Users fetched', pagination);
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Add a user',
        body: createUserSchema,
        response: { 201: oneUser, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await service.registerUser(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(ok(user, 'User added successfully'));
    },
  );

  app.put(
    '/update/:id',
    {
      preValidation: manageableFirst,
      schema: {
        tags,
        summary: 'Edit a user',
        params: idParam,
        body: updateUserSchema,
        response: { 200: oneUser, ...writes },
      },
    },
    async (request) => {
      const user = await service.updateUser(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(user, 'User updated successfully');
    },
  );

  app.delete(
    '/remove/:id',
    {
      schema: {
        tags,
        summary: 'Remove a user; their history stays',
        params: idParam,
        response: { 200: emptyEnvelope, ...writes },
      },
    },
    async (request) => {
      await service.removeUser(app.ctx, actorOf(request), request.params.id);
      return ok(null, 'User deleted successfully');
    },
  );

  app.patch(
    '/:id/toggle-status',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a user',
        params: idParam,
        response: { 200: oneUser, ...writes },
      },
    },
    async (request) => {
      const user = await service.toggleStatus(app.ctx, actorOf(request), request.params.id);
      return ok(user, user.status ? 'User activated' : 'User deactivated');
    },
  );

  app.patch(
    '/:id/permissions',
    {
      preValidation: manageableFirst,
      schema: {
        tags,
        summary: "Set a field manager's permission flags",
        params: idParam,
        body: updatePermissionsSchema,
        response: { 200: oneUser, ...writes },
      },
    },
    async (request) => {
      const user = await service.updatePermissions(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.permissions,
      );
      return ok(user, 'Permissions updated successfully');
    },
  );

  app.patch(
    '/:id/reset-password',
    {
      preValidation: findFirst(idParam, (ctx, auth, { id }) =>
        passwords.assertMayReset(ctx, { user: auth.user, ip: '' }, id),
      ),
      schema: {
        tags,
        summary: 'Set a new password for a user (admin)',
        params: idParam,
        body: resetPasswordSchema,
        response: { 200: emptyEnvelope, ...reads },
      },
    },
    async (request) => {
      await passwords.resetPassword(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.password,
      );
      return ok(null, 'Password reset successfully');
    },
  );

  app.patch(
    '/:id/change-password',
    {
      // Someone else's account is 403 before the passwords are read.
      preValidation: findFirst(idParam, (_ctx, auth, { id }) =>
        passwords.assertOwnAccount(auth.user, id),
      ),
      schema: {
        tags,
        summary: 'Change your own password',
        params: idParam,
        body: changePasswordSchema,
        response: { 200: emptyEnvelope, ...reads },
      },
    },
    async (request) => {
      await passwords.changePassword(
        app.ctx,
        { ...actorOf(request), sessionId: requireAuth(request).sessionId },
        request.params.id,
        request.body,
      );
      return ok(null, 'Password changed successfully');
    },
  );
};
