/**
 * The OpenAPI 3.1 document of the REST api, generated (never hand-written) with zod-openapi from the
 * zod schemas the procedures validate with: each route of the REST table (src/rest/routes.ts) takes
 * its procedure's input as its body (writes) or query (reads) and its output as the answer. The few
 * routes outside the table (health, sign-in, the CSV files, this document) are described below in
 * the same terms. A test compares every /api route the app registers with this document.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ErrorIssue, PRODUCT_CSV_COLUMNS, ProductImportResult } from '@shop/schema';
import { appRouter } from '../trpc/router';
import { restRoutes, type RestRoute } from '../rest/routes';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const ErrorBody = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words a person can act on' }),
    code: z.string().meta({ example: 'BAD_REQUEST' }),
    issues: z.array(ErrorIssue).optional().meta({ description: 'Each invalid field and why' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Error', description: 'Every failed answer (DESIGN.md §3)' });

const errorResponses = (statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: ERROR_DESCRIPTIONS[status]!, content: { 'application/json': { schema: ErrorBody } } },
    ]),
  );

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the fields and the reasons',
  401: 'Not signed in, or the API token is not valid',
  403: 'Signed in without the permission this needs',
  404: 'Not found',
  409: 'Conflicts with the current state (stock, prices, a name in use)',
  413: 'The body is too large',
  415: 'Wrong Content-Type',
};

interface ProcedureDef {
  _def: { inputs: z.ZodType[]; output?: z.ZodType; type: string };
}

function procedureOf(route: RestRoute): ProcedureDef {
  const procedure = (appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>)[
    route.procedure
  ];
  if (!procedure) throw new Error(`${route.method} ${route.url}: no procedure ${route.procedure}`);
  return procedure;
}

/** The object schema inside `.optional()` / `.default()` wrappers, if there is one. */
function objectSchema(schema: z.ZodType | undefined): z.ZodObject | null {
  let current: unknown = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodNullable
  ) {
    current = current.unwrap();
  }
  return current instanceof z.ZodObject ? current : null;
}

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function tableOperation(route: RestRoute): ZodOpenApiOperationObject {
  const { _def } = procedureOf(route);
  const input = _def.inputs[0];
  const params = pathParams(route.url);
  const object = objectSchema(input);
  // The fields the path carries are not repeated in the query or the body (refinements stay in the
  // procedure; the document lists the fields).
  const withoutParams = (schema: z.ZodObject) =>
    z.strictObject(
      Object.fromEntries(Object.entries(schema.shape).filter(([name]) => !params.includes(name))),
    );
  const reads = route.method === 'GET' || route.method === 'DELETE';

  const operation: ZodOpenApiOperationObject = {
    operationId: route.procedure.replace('.', '_'),
    summary: route.summary,
    tags: [route.url.split('/')[2]!],
    responses: {},
  };
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {};
  if (params.length) {
    requestParams.path = z.object(Object.fromEntries(params.map((name) => [name, z.uuid()])));
  }
  if (reads && object) {
    const query = withoutParams(object);
    if (Object.keys(query.shape).length) requestParams.query = query;
  }
  if (Object.keys(requestParams).length) operation.requestParams = requestParams;
  if (!reads && input) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: object && params.length ? withoutParams(object) : input } },
    };
  }

  const status = route.status ?? 200;
  (operation.responses as Record<string, unknown>)[String(status)] =
    status === 204
      ? { description: 'Done' }
      : {
          description: 'Done',
          ...(_def.output && { content: { 'application/json': { schema: _def.output } } }),
        };
  Object.assign(operation.responses, errorResponses(input ? [400, 401, 403, 404, 409] : [401, 403]));
  return operation;
}

const text = (description: string) => ({ description, content: { 'text/plain': { schema: z.string() } } });
const redirect = (description: string) => ({ description });

/** /api routes outside the REST table, described with the same schemas. */
const EXTRA_OPERATIONS: Record<string, Partial<Record<Method, ZodOpenApiOperationObject>>> = {
  '/api/health': {
    get: {
      operationId: 'health',
      summary: 'Liveness: the process answers',
      tags: ['health'],
      responses: {
        '200': {
          description: 'Alive',
          content: { 'application/json': { schema: z.object({ status: z.string() }) } },
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
        '200': { description: 'Ready' },
        '503': {
          description: 'The database does not answer',
          content: { 'application/json': { schema: ErrorBody } },
        },
      },
    },
  },
  '/api/login': {
    get: {
      operationId: 'login',
      summary: 'Starts sign-in at the identity provider (OpenID Connect)',
      tags: ['auth'],
      requestParams: {
        query: z.object({ returnTo: z.string().optional().meta({ description: 'A path of the shop' }) }),
      },
      responses: { '302': redirect("To the identity provider's sign-in page") },
    },
  },
  '/api/callback': {
    get: {
      operationId: 'callback',
      summary: 'Where the identity provider returns after sign-in',
      tags: ['auth'],
      responses: { '302': redirect('To the page sign-in started from') },
    },
  },
  '/api/logout': {
    get: {
      operationId: 'logout',
      summary: 'Signs out (and out of the provider when it supports that)',
      tags: ['auth'],
      responses: { '302': redirect('To the storefront') },
    },
  },
  '/api/products/export': {
    get: {
      operationId: 'products_export',
      summary: 'Every product as CSV (products:read_all)',
      tags: ['products'],
      responses: {
        '200': {
          description: `A CSV file with the columns ${PRODUCT_CSV_COLUMNS.join(', ')}`,
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errorResponses([401, 403]),
      },
    },
  },
  '/api/products/import': {
    post: {
      operationId: 'products_import',
      summary:
        'Create and update products from CSV by SKU, all or nothing (products:create, products:update, inventory:update)',
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
        ...errorResponses([400, 401, 403, 413, 415]),
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['docs'],
      responses: { '200': { description: 'OpenAPI 3.1' } },
    },
  },
  '/api/docs': {
    get: {
      operationId: 'docs',
      summary: 'The browsable reference of this document',
      tags: ['docs'],
      responses: { '200': text('An HTML page') },
    },
  },
};

let cached: ReturnType<typeof createDocument> | undefined;

export function buildOpenApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const [path, operations] of Object.entries(EXTRA_OPERATIONS)) paths[path] = { ...operations };
  for (const route of restRoutes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: tableOperation(route) };
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'FreshCart Market API',
      version: '1.0.0',
      description:
        'The REST paths of the shop. Authenticate with the session cookie of a signed-in browser, or with ' +
        '`Authorization: Bearer <token>` (an API token from Admin → API Tokens). Writes need ' +
        '`Content-Type: application/json`. The same procedures are at /trpc for the typed client (@shop/client).',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token (shop_…)' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'shop_sid' },
      },
    },
    paths,
  });
  return cached;
}

/** Paths the docs page serves its files under (not API operations). */
export const DOCS_ASSET_PREFIX = '/api/docs/';
