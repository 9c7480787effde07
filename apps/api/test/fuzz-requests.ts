import fc from 'fast-check';
import { type JsonSchema, nastyScalar, nastyValue, validish } from './fuzz-arbitraries';

type Param = { name: string; schema: JsonSchema; required: boolean };

/** One route as the OpenAPI document describes it. */
export type Operation = {
  method: string;
  /** The document's path, parameters in braces: /api/materials/detail/{id}. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body?: JsonSchema;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

type OpenApiParameter = { in: string; name: string; schema?: JsonSchema; required?: boolean };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every route of the document: whatever exists when the suite runs, none named here. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const params = (where: string) =>
          (operation.parameters ?? [])
            .filter((p) => p.in === where)
            .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
        // A path parameter the document left out is still one of the path's.
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const pathParams = params('path');
        for (const name of inPath) {
          if (!pathParams.some((p) => p.name === name)) {
            pathParams.push({ name, schema: {}, required: true });
          }
        }
        return {
          method: method.toUpperCase(),
          path,
          pathParams,
          queryParams: params('query'),
          body: operation.requestBody?.content?.['application/json']?.schema,
        };
      }),
  );
}

const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** Percent-encodes text; a lone surrogate (which encodeURIComponent refuses) as invalid UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const encode = (text: string): string =>
  !LONE_SURROGATE.test(text)
    ? encodeURIComponent(text)
    : [...text]
        .map((char) => (/^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
        .join('');

/** Already encoded path and query text that a decoder may choke on. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '%2e%2e',
  '%2F',
  ';',
  '1'.repeat(201),
  'x'.repeat(100 * 1024),
];

/** Values for path and query edges, written as a client would put them in a URL. */
const EDGE_TEXTS = [
  '2147483648',
  '2147483647',
  '4294967296',
  '99999999999999999999999',
  '0x3d',
  '+61',
  '061',
  '61.0',
  '61e0',
  ' 61',
  '0',
  '-1',
  '1.5',
  'NaN',
  '',
  'null',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  'line\nbreak',
  '🏗️',
  '\ud800',
  '%',
  'x'.repeat(201),
  'x'.repeat(100 * 1024),
];

const pathSegment = (schema: JsonSchema, ids: readonly number[]) =>
  fc.oneof(
    { weight: 3, arbitrary: validish(schema, ids).map((v) => encode(textOf(v))) },
    { weight: 2, arbitrary: nastyScalar.map((v) => encode(textOf(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );

const queryValue = (schema: JsonSchema, ids: readonly number[]) => {
  const one = fc.oneof(
    { weight: 3, arbitrary: validish(schema, ids).map((v) => encode(textOf(v))) },
    { weight: 2, arbitrary: nastyScalar.map((v) => encode(textOf(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  // A repeated key arrives as an array.
  return fc.oneof(
    { weight: 5, arbitrary: one.map((v) => [v]) },
    fc.array(one, { minLength: 2, maxLength: 3 }),
  );
};

function queryString(op: Operation, ids: readonly number[]): fc.Arbitrary<string> {
  const known = Object.fromEntries(
    op.queryParams.map((p) => [p.name, queryValue(p.schema, ids)] as const),
  );
  // A name the route does not declare is refused before the route reads anything
  // (plugins/strict-query.ts): one case in five has some, the rest reach the route.
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'a[b]')),
        queryValue({}, ids),
        { minKeys: 1, maxKeys: 2 },
      ),
    },
  );
  return fc.tuple(fc.record(known, { requiredKeys: [] }), extra).map(([values, more]) => {
    const pairs = [...Object.entries(values), ...Object.entries(more)].flatMap(([key, list]) =>
      (list ?? []).map((value) => `${encode(key)}=${value}`),
    );
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

/** Bodies the JSON parser or the schema should refuse, sent as raw text. */
const RAW_BODIES = [
  '{"email":',
  '',
  'null',
  '[]',
  '"text"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":1,"a":2}',
  '\u0000',
  '{"name":"\\u0000"}',
  '\ufeff{}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
];

type Body = { contentType?: string; payload?: string };

function bodyOf(op: Operation, ids: readonly number[]): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  });
  const valid = op.body ? validish(op.body, ids) : fc.constant({});
  const keys = Object.keys(op.body?.properties ?? {});
  const key = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 6 });
  const shapes: fc.Arbitrary<Body>[] = [
    valid.map(json),
    fc
      .tuple(valid, key, nastyValue)
      .map(([body, k, value]) => json({ ...(body as object), [k]: value })),
    fc.tuple(valid, key).map(([body, k]) => {
      const copy = { ...(body as Record<string, unknown>) };
      delete copy[k];
      return json(copy);
    }),
    fc
      .tuple(valid, fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 3 }))
      .map(([body, more]) => json({ ...more, ...(body as object) })),
    nastyValue.map(json),
    fc.constantFrom(...RAW_BODIES).map((payload) => ({ contentType: 'application/json', payload })),
    fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), valid)
      .map(([contentType, body]) => ({ contentType, payload: JSON.stringify(body) })),
  ];
  if (!op.body) shapes.push(fc.constant({}), fc.constant({}), fc.constant({}));
  return fc.oneof(...shapes);
}

/** Fills a document path with encoded segments. */
export const urlOf = (op: Operation, segments: Record<string, string>, query = '') =>
  `${op.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? '1')}${query}`;

/** A random request to one route: mostly near-valid, one thing wrong at a time, sometimes all. */
export function requestsFor(op: Operation, ids: readonly number[]): fc.Arbitrary<FuzzRequest> {
  const segments = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathSegment(p.schema, ids)] as const)),
  );
  const withBody = op.method !== 'GET';
  return fc
    .tuple(segments, queryString(op, ids), withBody ? bodyOf(op, ids) : fc.constant<Body>({}))
    .map(
      ([path, query, body]): FuzzRequest => ({
        method: op.method,
        url: urlOf(op, path, query),
        headers: body.contentType ? { 'content-type': body.contentType } : {},
        payload: body.payload,
      }),
    );
}

/** Wrong types and boundaries put in each body property of a valid body, one at a time. */
const BODY_EDGES: unknown[] = [
  undefined,
  null,
  true,
  [],
  {},
  '',
  -1,
  0,
  1.5,
  2_147_483_647,
  2_147_483_648,
  2 ** 53,
  1e308,
  '0x10',
  '1e3',
  '+5',
  '2147483648',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b\u0085',
  'two\nlines',
  '\ud800',
  '🏗️👷🏽‍♀️',
  'x'.repeat(100 * 1024),
];

/** The fixed sweep of a route: every edge in every parameter and body property. */
export function sweepFor(op: Operation, base: FuzzRequest, validBody: unknown): FuzzRequest[] {
  const validSegments = Object.fromEntries(op.pathParams.map((p) => [p.name, '1']));
  const requests: FuzzRequest[] = [];
  const json = { 'content-type': 'application/json' };
  const payload = base.payload;
  const bodyHeaders = payload === undefined ? {} : json;
  for (const param of op.pathParams) {
    for (const text of EDGE_TEXTS) {
      const segments = { ...validSegments, [param.name]: encode(text) };
      requests.push({ method: op.method, url: urlOf(op, segments), headers: bodyHeaders, payload });
    }
  }
  for (const param of op.queryParams) {
    for (const text of [...EDGE_TEXTS, ...RAW_SEGMENTS.slice(0, 6)]) {
      const value = RAW_SEGMENTS.includes(text) ? text : encode(text);
      const url = urlOf(op, validSegments, `?${encode(param.name)}=${value}`);
      requests.push({ method: op.method, url, headers: bodyHeaders, payload });
    }
    const twice = urlOf(op, validSegments, `?${param.name}=1&${param.name}=2`);
    requests.push({ method: op.method, url: twice, headers: bodyHeaders, payload });
  }
  if (op.body && validBody && typeof validBody === 'object') {
    for (const key of Object.keys(op.body.properties ?? {})) {
      for (const edge of BODY_EDGES) {
        const body = { ...(validBody as Record<string, unknown>), [key]: edge };
        if (edge === undefined) delete body[key];
        requests.push({
          method: op.method,
          url: urlOf(op, validSegments),
          headers: json,
          payload: JSON.stringify(body),
        });
      }
    }
  }
  return requests;
}
