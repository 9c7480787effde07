import { TEXT_MESSAGES } from '@stockyard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Query parameters are declared or refused: a misspelt filter (`?locationid=7`) would otherwise
 * answer the unfiltered list as if filtered. Anything a route's querystring schema does not name is
 * 400 `Unknown query parameter: <name>`; outside /api the query is not the API's to judge.
 */

/** At most this many unknown parameters are named in one answer. */
const NAMED_AT_MOST = 10;

type Route = Parameters<typeof validatorCompiler>[0];

/** The querystring of a route that declares none: no parameter. */
const NO_PARAMETERS = z.object({});

/** Whether a route's query is the API's: under /api, the documentation's pages and assets aside. */
function isApiRoute(url: string): boolean {
  const docs = url === '/api/docs' || url.startsWith('/api/docs/');
  return (url === '/api' || url.startsWith('/api/')) && !docs;
}

/** The object a querystring schema reads: itself, or the input of its pipe (a transformed one). */
function objectOf(schema: unknown): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in);
  return null;
}

/**
 * Refuses, by name, every parameter that is not one of the object's keys. The query is read as it
 * arrived (an object copy would lose a `__proto__` key), and passed on as it is.
 */
function declaredOnly(object: z.ZodObject) {
  const declared = new Set(Object.keys(object.shape));
  return z.unknown().superRefine((query, ctx) => {
    if (typeof query !== 'object' || query === null) return;
    const given = query as Record<string, unknown>;
    const unknown = Object.keys(given).filter((name) => !declared.has(name));
    for (const name of unknown.slice(0, NAMED_AT_MOST)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: TEXT_MESSAGES.unknownQueryParameter(name),
        input: given[name],
      });
    }
  });
}

/** fastify-type-provider-zod's compiler, with each querystring schema made strict. */
function strictQueryCompiler(route: Route) {
  if (route.httpPart !== 'querystring') return validatorCompiler(route);
  const object = objectOf(route.schema);
  if (!object) {
    throw new Error(
      `The querystring of ${route.method} ${route.url} must be a zod object (or a pipe from one), so that its parameters can be checked`,
    );
  }
  // The declared object reads what is left: the query, all of whose names it declares.
  const schema = declaredOnly(object).pipe(
    route.schema as z.ZodType<unknown, Record<string, unknown>>,
  );
  return validatorCompiler({ ...route, schema });
}

async function strictQuery(app: FastifyInstance) {
  app.setValidatorCompiler(strictQueryCompiler);
  // Registered before the routes: one without a querystring schema is given the empty one.
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.schema?.querystring) return;
    route.schema = { ...route.schema, querystring: NO_PARAMETERS };
  });
}

export default fp(strictQuery, { name: 'strict-query' });
