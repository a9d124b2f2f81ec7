/**
 * The OpenAPI 3.1 document of the REST api, generated (never hand-written) with zod-openapi from the
 * zod schemas the procedures validate with: each route of the REST table (src/rest/routes.ts) takes
 * its procedure's input as its body (writes) or query (reads) and its output as the answer. The few
 * /api routes outside the table (health, sign-in, the CSV files, this document) are described below
 * with small zod schemas of their own, and listed in DOCUMENTED_EXTRA_ROUTES so a test can hold the
 * document to the routes the app registers.
 */
import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiParameters,
  type ZodOpenApiPathItemObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { ErrorBody, ORDER_LIMITS, PRODUCT_CSV_COLUMNS, ProductImportResult } from '@shop/schema';
import { appRouter } from '../trpc/router';
import { restRoutes, type ProcedurePath, type RestRoute } from '../rest/routes';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { IDEMPOTENCY_HEADER } from '../modules/orders/orders.rest';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The error body of DESIGN.md §3, plus the optional `details` some conflicts carry (src/errors.ts). */
const ErrorSchema = ErrorBody.extend({
  details: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'Facts about a conflict, e.g. the stock left' }),
}).meta({ id: 'Error', description: 'Every failed answer' });

/** Shared error responses (components.responses, by `id`), each with the Error schema. */
const errorResponse = (id: string, description: string): ZodOpenApiResponseObject => ({
  id,
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});
const ERROR_RESPONSES = {
  400: errorResponse('BadRequest', 'Invalid input: `issues` names each field and why'),
  401: errorResponse('Unauthorized', 'Not signed in, or the API token is not valid'),
  403: errorResponse('Forbidden', 'Signed in without the permission this needs'),
  404: errorResponse('NotFound', 'No such record'),
  409: errorResponse('Conflict', 'Conflicts with the current state (stock, prices, a name in use)'),
  413: errorResponse('PayloadTooLarge', 'The body is too large'),
  415: errorResponse('UnsupportedMediaType', 'Wrong Content-Type'),
  503: errorResponse('ServiceUnavailable', 'A service the answer needs does not answer'),
};
type ErrorStatus = keyof typeof ERROR_RESPONSES;
const errors = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), ERROR_RESPONSES[status]]));

interface ProcedureDef {
  _def: { inputs: z.ZodType[]; output?: z.ZodType };
}

function procedureOf(route: RestRoute): ProcedureDef {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>;
  const procedure = procedures[route.procedure];
  if (!procedure) throw new Error(`${route.method} ${route.url}: no procedure ${route.procedure}`);
  return procedure;
}

/** The object inside `.optional()` / `.nullable()` / `.default()`, if the schema is one. */
function objectSchema(schema: z.ZodType): z.ZodObject | null {
  let current: unknown = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.unwrap();
  }
  return current instanceof z.ZodObject ? current : null;
}

/**
 * The object without the keys the path carries. Not `.omit()`: zod 4 refuses it on objects with
 * refinements (products.patch has one); the refinement stays the procedure's business.
 */
function omitKeys(schema: z.ZodObject, keys: string[]): z.ZodObject {
  const shape = Object.fromEntries(Object.entries(schema.shape).filter(([key]) => !keys.includes(key)));
  const { catchall } = schema.def; // strictObject's "no other keys"
  return catchall ? z.object(shape).catchall(catchall) : z.object(shape);
}

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
/** Fastify's '/api/products/:id' as OpenAPI's '/api/products/{id}'. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Headers a route reads besides its procedure's input (see the route's `input` in the table). */
const ROUTE_HEADERS: Partial<Record<ProcedurePath, z.ZodObject>> = {
  'orders.create': z.object({
    [IDEMPOTENCY_HEADER]: z
      .string()
      .min(1)
      .max(ORDER_LIMITS.idempotencyKey)
      .optional()
      .meta({ description: 'Retrying with the same key places the order once (same as `idempotencyKey`)' }),
  }),
};

function tableOperation(route: RestRoute): ZodOpenApiOperationObject {
  const { inputs, output } = procedureOf(route)._def;
  if (inputs.length > 1) throw new Error(`${route.procedure}: more than one input schema`);
  const input = inputs[0];
  const params = pathParams(route.url);
  const reads = route.method === 'GET' || route.method === 'DELETE';
  const where = `${route.method} ${route.url} (${route.procedure})`;

  const requestParams: ZodOpenApiParameters = {};
  if (params.length) {
    requestParams.path = z.object(
      Object.fromEntries(params.map((name) => [name, name === 'id' ? z.uuid() : z.string()])),
    );
  }
  const header = ROUTE_HEADERS[route.procedure];
  if (header) requestParams.header = header;

  let requestBody: ZodOpenApiOperationObject['requestBody'];
  if (input) {
    const object = objectSchema(input);
    // The path's parameters are merged over the query or body (routeInput), so they are not in it.
    if ((reads || params.length) && !object) throw new Error(`${where}: the input is not an object`);
    if (reads) {
      const query = omitKeys(object!, params);
      if (Object.keys(query.shape).length) requestParams.query = query;
    } else {
      requestBody = {
        required: !input.safeParse(undefined).success,
        content: { 'application/json': { schema: params.length ? omitKeys(object!, params) : input } },
      };
    }
  }

  const status = route.status ?? 200;
  return {
    operationId: route.procedure.replace('.', '_'),
    summary: route.summary,
    tags: [route.url.split('/')[2]!],
    ...(Object.keys(requestParams).length && { requestParams }),
    ...(requestBody && { requestBody }),
    responses: {
      [String(status)]: {
        description: status === 204 ? 'Done, nothing to answer' : 'Done',
        ...(status !== 204 && output && { content: { 'application/json': { schema: output } } }),
      },
      ...errors(400, 401, 403, 404, 409),
    },
  };
}

const redirect = (status: number, description: string) => ({ [String(status)]: { description } });

/** /api routes outside the REST table. */
const EXTRA_PATHS: ZodOpenApiPathsObject = {
  '/api/health': {
    get: {
      operationId: 'health',
      summary: 'Liveness: the process answers',
      tags: ['health'],
      responses: {
        '200': {
          description: 'Alive',
          content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } },
        },
      },
    },
  },
  '/api/ready': {
    get: {
      operationId: 'ready',
      summary: 'Readiness: the database answers',
      tags: ['health'],
      responses: {
        '200': {
          description: 'Ready',
          content: { 'application/json': { schema: z.object({ status: z.literal('ready') }) } },
        },
        ...errors(503),
      },
    },
  },
  '/api/login': {
    get: {
      operationId: 'auth_login',
      summary: 'Start signing in at the identity provider (OpenID Connect)',
      tags: ['auth'],
      requestParams: {
        query: z.object({
          returnTo: z.string().optional().meta({ description: 'A path of the shop to come back to' }),
        }),
      },
      responses: { ...redirect(302, "To the identity provider's sign-in page"), ...errors(400, 503) },
    },
  },
  '/api/callback': {
    get: {
      operationId: 'auth_callback',
      summary: 'Where the identity provider sends the browser back after signing in',
      tags: ['auth'],
      responses: {
        ...redirect(303, 'To the page sign-in started from (or the sign-in failed page)'),
        ...errors(400),
      },
    },
  },
  '/api/logout': {
    get: {
      operationId: 'auth_logout',
      summary: 'Sign out (and out of the identity provider when it supports that)',
      tags: ['auth'],
      responses: redirect(303, "To the storefront or the identity provider's sign-out page"),
    },
  },
  '/api/products/export': {
    get: {
      operationId: 'products_export',
      summary: 'Every product as a CSV file',
      tags: ['products'],
      responses: {
        '200': {
          description: `Columns: ${PRODUCT_CSV_COLUMNS.join(', ')}`,
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errors(401, 403),
      },
    },
  },
  '/api/products/import': {
    post: {
      operationId: 'products_import',
      summary: 'Create and update products from a CSV file, by SKU, all or nothing',
      tags: ['products'],
      requestBody: {
        required: true,
        content: {
          'text/csv': {
            schema: z.string().meta({ description: `Columns: ${PRODUCT_CSV_COLUMNS.join(', ')}` }),
          },
        },
      },
      responses: {
        '200': { description: 'Imported', content: { 'application/json': { schema: ProductImportResult } } },
        ...errors(400, 401, 403, 413, 415),
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['docs'],
      responses: {
        '200': {
          description: 'OpenAPI 3.1',
          content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
        },
      },
    },
  },
  '/api/docs': {
    get: {
      operationId: 'docs',
      summary: 'A browsable reference of this document (Swagger UI)',
      tags: ['docs'],
      responses: { '200': { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } } },
    },
  },
};

/** The non-table operations of the document (method + OpenAPI path), for the whole-app route test. */
export const DOCUMENTED_EXTRA_ROUTES: { method: string; path: string }[] = Object.entries(
  EXTRA_PATHS,
).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path })),
);

/**
 * The files the reference page loads (openapi.routes.ts serves them): plumbing of GET /api/docs, not
 * API operations, so they are deliberately left out of the document.
 */
export const DOCS_ASSET_PATHS = [
  '/api/docs/swagger-ui.css',
  '/api/docs/swagger-ui-bundle.js',
  '/api/docs/swagger-ui-standalone-preset.js',
  '/api/docs/init.js',
] as const;

let cached: oas31.OpenAPIObject | undefined;

/** The document; built once (it depends only on code), then the same object. */
export function buildOpenApiDocument(): oas31.OpenAPIObject {
  if (cached) return cached;
  const paths: Record<string, ZodOpenApiPathItemObject> = { ...EXTRA_PATHS };
  for (const route of restRoutes) {
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase() as (typeof METHODS)[number];
    if (paths[path]?.[method]) throw new Error(`${route.method} ${path} is documented twice`);
    paths[path] = { ...paths[path], [method]: tableOperation(route) };
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'FreshCart Market API',
      version: '1.0.0',
      description:
        'The REST api of the FreshCart Market shop. Authenticate with the session cookie of a signed-in ' +
        'browser, or with `Authorization: Bearer <token>` (an API token from Admin → API tokens). Bodies ' +
        'are JSON (`Content-Type: application/json`) unless said otherwise.',
    },
    servers: [{ url: '/' }],
    // Either scheme will do (OR), on every operation; the public ones simply accept no credentials too.
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    components: {
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token' },
      },
    },
    paths,
  });
  return cached;
}
