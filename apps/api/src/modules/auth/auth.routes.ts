import {
  emptyEnvelope,
  envelope,
  loginAnswerSchema,
  loginReplySchema,
  loginSchema,
  sessionUserSchema,
  twoFactorLoginSchema,
} from '@stockyard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/actor';
import { errorResponses, ok } from '../../lib/reply';
import * as authService from './auth.service';

function clientInfo(request: FastifyRequest): authService.ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: {
          200: loginAnswerSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const answer = await authService.login(app.ctx, request.body, clientInfo(request));
      if ('twoFactorRequired' in answer) {
        return { success: true as const, message: 'Enter your verification code', ...answer };
      }
      // The spec's login answer is `{ token, user }`; the envelope fields come along.
      return {
        success: true as const,
        message: 'Login successful',
        token: answer.token,
        user: answer.user,
      };
    },
  );

  app.post(
    '/login/2fa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with two-factor: the challenge and a code',
        body: twoFactorLoginSchema,
        response: { 200: loginReplySchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { token, user } = await authService.loginWithCode(
        app.ctx,
        request.body,
        clientInfo(request),
      );
      return { success: true as const, message: 'Login successful', token, user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 200: emptyEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => {
      await authService.logout(app.ctx, requireAuth(request), clientInfo(request));
      return ok(null, 'Logged out');
    },
  );

  app.get(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: envelope(sessionUserSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(requireAuth(request).user),
  );
};
