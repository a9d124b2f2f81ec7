/**
 * The OpenAPI 3.1 document of the REST api, generated (never hand-written) with zod-openapi from the
 * zod schemas the procedures validate with: each route of the REST table (src/rest/routes.ts) takes
 * its procedure's input as its body (writes) or query (reads) and its output as the answer. The few
 * /api routes outside the table (health, sign-in, the CSV files, this document) are described below
 * with small zod schemas of their own, and listed in DOCUMENTED_EXTRA_ROUTES so a test can hold the
 * document to the routes the app registers.
 *
 * The document says what the server does, so a client generated from it meets no surprise: every
 * status an operation can answer (who may call it, what it refuses, the request guard's 403/413/415,
 * the rate limits' 429, 503 when the database or session store is down), `security: []` on the
 * public operations, and request schemas as strict as the server (packages/schema openapi-meta.ts
 * adds what refines check). openapi-contract.test.ts validates it with a third-party validator and
 * holds real answers of every operation to it.
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
  type ZodOpenApiResponsesObject,
  type CreateDocumentOptions,
} from 'zod-openapi';
import {
  ErrorBody,
  ORDER_LIMITS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  ProductImportResult,
  NOT_BLANK_PATTERN,
  type ErrorCode,
} from '@shop/schema';
import { appRouter } from '../app-router';
import { restRoutes, type ProcedurePath, type RestRoute } from '../rest/routes';
import { SESSION_COOKIE } from '../modules/identity/sessions';
import { IDEMPOTENCY_HEADER } from '../modules/orders/orders.rest';
import { ORDERS_CSV_COLUMNS } from '../modules/analytics/analytics.service';
import { REORDER_CSV_COLUMNS } from '../modules/inventory/reorder.service';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The error body of docs/architecture.md §3, plus the optional `details` some conflicts carry (src/errors.ts). */
const ErrorSchema = ErrorBody.extend({
  details: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'Facts about a conflict, e.g. the stock left' }),
});

/** `Retry-After`, in seconds: sent with every 429 and 503. */
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
} satisfies oas31.HeadersObject;

/**
 * Every status the server refuses with (src/errors.ts HTTP_STATUS, src/http/*), each with its code:
 * the body's `code` is the one this status always carries.
 */
const ERROR_STATUSES = {
  400: {
    code: 'BAD_REQUEST',
    id: 'BadRequest',
    description: 'Invalid input: `issues` names each field and why',
  },
  401: {
    code: 'UNAUTHORIZED',
    id: 'Unauthorized',
    description: 'Not signed in, or the API token is not valid',
  },
  403: {
    code: 'FORBIDDEN',
    id: 'Forbidden',
    description:
      'Signed in without the permission this needs, or a write sent from another site (an `Origin` ' +
      "that is not the shop's)",
  },
  404: { code: 'NOT_FOUND', id: 'NotFound', description: 'No such record, or not yours' },
  409: { code: 'CONFLICT', id: 'Conflict', description: 'Conflicts with the current state' },
  413: {
    code: 'PAYLOAD_TOO_LARGE',
    id: 'PayloadTooLarge',
    description: 'The body is over 1 MB',
  },
  415: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    id: 'UnsupportedMediaType',
    description: 'A body that is not `Content-Type: application/json`',
  },
  422: {
    code: 'UNPROCESSABLE_CONTENT',
    id: 'UnprocessableContent',
    description: 'The Idempotency-Key was already used for a different order',
  },
  428: {
    code: 'PRECONDITION_REQUIRED',
    id: 'PreconditionRequired',
    description: 'A stock value sent without `expectedStock` or `version`',
  },
  429: {
    code: 'TOO_MANY_REQUESTS',
    id: 'TooManyRequests',
    description: 'Rate limited: try again after `Retry-After` seconds',
  },
  500: {
    code: 'INTERNAL_SERVER_ERROR',
    id: 'InternalServerError',
    description: 'Something failed on the server (a generic message; the details are in its log)',
  },
  503: {
    code: 'SERVICE_UNAVAILABLE',
    id: 'ServiceUnavailable',
    description:
      'The database or the session store cannot answer right now: try again after `Retry-After` seconds ' +
      '(a signed-in caller stays signed in)',
  },
} as const satisfies Record<number, { code: ErrorCode; id: string; description: string }>;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

/** zod-openapi registers a component response once: the same object each time. */
const SHARED_RESPONSES = new Map<ErrorStatus, ZodOpenApiResponseObject>();

/**
 * An error response: the shared one (components.responses), or with a `description` of its own.
 * Every 429 and 503 carries `Retry-After`, except where `retryAfter` says it may not.
 */
function errorResponse(
  status: ErrorStatus,
  description?: string,
  retryAfter: 'always' | 'sometimes' = 'always',
): ZodOpenApiResponseObject {
  const shared = description === undefined && retryAfter === 'always';
  if (shared && SHARED_RESPONSES.has(status)) return SHARED_RESPONSES.get(status)!;
  const { code, id } = ERROR_STATUSES[status];
  const headers =
    status === 429 || status === 503
      ? { 'Retry-After': { ...RETRY_AFTER['Retry-After'], required: retryAfter === 'always' } }
      : undefined;
  const response: ZodOpenApiResponseObject = {
    ...(shared && { id }),
    description: description ?? ERROR_STATUSES[status].description,
    ...(headers && { headers }),
    content: { 'application/json': { schema: ErrorSchema.extend({ code: z.literal(code) }) } },
  };
  if (shared) SHARED_RESPONSES.set(status, response);
  return response;
}

/** How an operation answers a status: the shared response, one with its own description, or not at all. */
type ErrorAnswer = boolean | string | ZodOpenApiResponseObject;

/** Error responses by status. */
function errors(statuses: Partial<Record<ErrorStatus, ErrorAnswer>>): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    Object.entries(statuses)
      .filter(([, how]) => how !== false)
      .map(([status, how]) => [
        status,
        typeof how === 'object'
          ? how
          : errorResponse(Number(status) as ErrorStatus, typeof how === 'string' ? how : undefined),
      ]),
  );
}

/**
 * What every operation in the api's scope may answer whoever calls it: 401 for an
 * `Authorization` header that is not a valid API token (even where none is needed), 503 when the
 * session store or the token look-up cannot be read, 500 for a failure of ours. Only
 * /api/health and /api/ready stay outside that scope (they never read a session).
 */
const IN_SCOPE_ERRORS = { 401: true, 500: true, 503: true } as const;
const PUBLIC_401 = 'An `Authorization` header that is not a valid API token (this operation needs none)';

/** Every write (POST, PUT, PATCH, DELETE): the request guard and the body parser (src/http/request-guard.ts). */
const WRITE_ERRORS = { 403: true, 413: true, 415: true } as const;

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
  const object = catchall ? z.object(shape).catchall(catchall) : z.object(shape);
  // What the document is told about the refinements (packages/schema openapi-meta.ts) still holds.
  const { id: _id, ...meta } = z.globalRegistry.get(schema) ?? {};
  return Object.keys(meta).length ? object.meta(meta) : object;
}

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
/** Fastify's '/api/products/:id' as OpenAPI's '/api/products/{id}'. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Headers a route reads besides its procedure's input (see the route's `input` in the table). */
const ROUTE_HEADERS: Partial<Record<ProcedurePath, z.ZodObject>> = {
  'orders.create': z.object({
    // It becomes the body's `idempotencyKey` (orders.rest.ts), so it follows that field's rule.
    [IDEMPOTENCY_HEADER]: z
      .string()
      .regex(new RegExp(`^[\\x21-\\x7E]{1,${ORDER_LIMITS.idempotencyKey}}$`))
      .optional()
      .meta({
        description:
          'Retrying with the same key places the order once (same as `idempotencyKey`); the same key ' +
          'with another body answers 422',
      }),
  }),
};

/** What an operation's summary leaves out: partial answers and how to page on. */
const DESCRIPTIONS: Partial<Record<ProcedurePath, string>> = {
  'products.list':
    'Without `limit`, a signed-in caller gets the whole catalogue (name order), while a caller who is ' +
    'not signed in gets the first 100 products only: page on with `limit` and `cursor` (the id of the ' +
    "previous page's last product) or `offset`.",
  'products.update':
    'Fields the body leaves out keep their values. Setting `stock` needs `inventory:update` (403 ' +
    'otherwise) and a precondition, `expectedStock` or `version` (428 otherwise), so a read-modify-write ' +
    'never writes back units sold meanwhile.',
  'orders.list':
    'Newest first. Without `limit`, staff who may read every order get the newest 100 and a customer ' +
    'gets all of their own. `X-Total-Count` says how many there are in all, and `Link` with ' +
    '`rel="next"` where the next page is, for as long as there may be more.',
};

/**
 * Who may call a procedure of the table: everyone (`security: []`), anyone signed in, or only
 * holders of a permission (403 for the others). The authorization matrix
 * (src/authorization-matrix.test.ts) tests the same split through the app.
 */
const PUBLIC_PROCEDURES: readonly ProcedurePath[] = [
  'categories.list',
  'products.list',
  'products.byId',
  'settings.get',
];
const SIGNED_IN_PROCEDURES: readonly ProcedurePath[] = [
  'auth.me',
  'orders.create',
  'orders.list', // GET /api/orders answers a customer with their own orders (orders.rest.ts)
  'orders.byId',
  'orders.cancel',
  'orders.reorder',
  'addresses.list',
  'addresses.create',
  'addresses.update',
  'addresses.delete',
  'addresses.setDefault',
  'profile.update',
];

/** Procedures that answer 404 for a record named in the body rather than the path. */
const NOT_FOUND_IN_BODY: Partial<Record<ProcedurePath, string>> = {
  'roles.create': 'A permission group in `permissionGroupIds` does not exist',
  'permissionGroups.create': 'A permission in `permissionIds` does not exist',
  'apiTokens.create': 'No such user',
  'delivery.createTemplate': 'No such delivery zone',
  'delivery.setBlocked': 'No such slot template',
};

/** What a 428 means, for each procedure that answers one (issue 32: stock has one way in). */
const PRECONDITIONS: Partial<Record<ProcedurePath, string>> = {
  'products.update':
    '`stock` was sent without a precondition: send `expectedStock` (the level you read) or `version` ' +
    '(the version you read) with it, or leave `stock` out to keep the level',
};

/** What a 409 means, for each procedure that answers one (`details.reason` where it has one). */
const CONFLICTS: Partial<Record<ProcedurePath, string>> = {
  'products.create': 'The SKU is taken',
  'categories.create': 'The name is taken',
  'categories.update':
    'The name is taken, or the category changed since `version` (`details.reason` STALE_VERSION, ' +
    '`details.current`)',
  'categories.reorder':
    'A category was added or deleted meanwhile (`details.reason` CATEGORIES_CHANGED): reload and send every id',
  'categories.delete':
    'The category still holds products (`details.reason` HAS_PRODUCTS, `details.productCount`); send ' +
    '`moveProductsTo` to move them to another category first',
  'products.update':
    'The SKU is taken, or the product changed since `version` (`details.reason` STALE_VERSION) or its ' +
    'stock since `expectedStock` (STOCK_CHANGED), with `details.current`',
  'products.patch':
    'The stock changed since `expectedStock` (`details.reason` STOCK_CHANGED, `details.current`)',
  'orderManagement.updateStatus': 'The order cannot move from its status to that one',
  'orderManagement.recordWeight':
    'The line was weighed meanwhile (`details.reason` WEIGHT_CHANGED, `details.weighedQuantity`), the ' +
    'order has shipped or ended (ORDER_CLOSED), or the extra weight is not in stock (INSUFFICIENT_STOCK)',
  'settings.update':
    'The settings changed since `version` (`details.reason` STALE_VERSION, `details.current`)',
  'orders.cancel': 'The order is no longer pending (staff have accepted it, or it is cancelled already)',
  'orders.create':
    'Prices, stock or availability changed: `details.reason` is PRICE_CHANGED (with the current prices, ' +
    'delivery fee, tax and total), INSUFFICIENT_STOCK (what is left) or PRODUCT_UNAVAILABLE; or the ' +
    'subtotal is under the minimum order (MINIMUM_ORDER); or the delivery slot is full, blocked or past its ' +
    'cut-off (SLOT_UNAVAILABLE, with `details.nextSlots`)',
  'delivery.createZone': 'The name is taken',
  'delivery.updateZone': 'The name is taken',
  'addresses.create': 'The most addresses a user may save are saved already',
  'profile.update': 'The email is in use',
  'users.create': 'The email is in use',
  'users.update':
    'The email is in use, the last admin would be demoted, or the user changed since `version` ' +
    '(`details.reason` STALE_VERSION)',
  'users.delete': 'The last admin cannot be deleted',
  'roles.create': 'The name is taken',
  'roles.update':
    'The name is taken, a built-in role cannot be renamed, the admin role stays active, or the role ' +
    'changed since `version` (`details.reason` STALE_VERSION)',
  'roles.delete': 'A built-in role cannot be deleted',
  'roles.setPermissionGroups':
    'The admin role keeps every permission, a built-in role keeps a group, or the role changed since ' +
    '`version` (`details.reason` STALE_VERSION)',
  'permissions.create': 'The name is taken',
  'permissionGroups.create': 'The name is taken',
  'permissionGroups.setPermissions': 'The admin role must keep every permission',
};

/** Rate-limited procedures (src/http/rate-limits.ts): what is counted. */
const RATE_LIMITED: Partial<Record<ProcedurePath, string>> = {
  'orders.create':
    'Too many orders: ORDER_RATE_LIMIT_PER_MINUTE per user (per API token: ' +
    'API_TOKEN_ORDER_RATE_LIMIT_PER_MINUTE)',
  'products.list': 'Too many searches (`search`) without signing in: SEARCH_RATE_LIMIT_PER_MINUTE per IP',
};

/** Answer headers of a route (the REST adapter sets them, see the route's `call`). */
/**
 * The public catalogue reads as an anonymous caller (no session cookie, no Authorization) gets them:
 * from the catalogue cache, with HTTP caching (docs/architecture.md §4 "Catalogue cache").
 */
const CACHED_READ_HEADERS: oas31.HeadersObject = {
  ETag: {
    description: 'Anonymous callers only: a weak tag of the answer; send it back in If-None-Match',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      'Anonymous callers: `public, max-age=<CATALOGUE_CACHE_MAX_AGE_MS in s>` (categories also ' +
      '`stale-while-revalidate`); signed-in callers: `no-store`',
    schema: { type: 'string' },
  },
};
const IF_NONE_MATCH = z.object({
  'if-none-match': z.string().optional().meta({
    description: 'The ETag of an answer held: 304 with no body while it is current (anonymous callers)',
  }),
});

const RESPONSE_HEADERS: Partial<Record<ProcedurePath, oas31.HeadersObject>> = {
  'orders.list': {
    'X-Total-Count': {
      description: 'How many orders the caller may see in all (every page)',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    },
    Link: {
      description:
        'When there may be more after this page: `</api/orders?limit=100&offset=100>; rel="next"` ' +
        '(the same limit, the next offset)',
      schema: { type: 'string' },
    },
  },
};

/** A value for each path parameter, to ask a procedure whether it needs more than the path. */
const SAMPLE_PARAM = '00000000-0000-4000-8000-000000000000';

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
  const cachedRead = route.method === 'GET' && PUBLIC_PROCEDURES.includes(route.procedure);
  const header = ROUTE_HEADERS[route.procedure] ?? (cachedRead ? IF_NONE_MATCH : undefined);
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
      // Without a body the input is the path's parameters alone: required only if that fails.
      const pathOnly = params.length
        ? Object.fromEntries(params.map((name) => [name, SAMPLE_PARAM]))
        : undefined;
      requestBody = {
        required: !input.safeParse(pathOnly).success,
        content: { 'application/json': { schema: params.length ? omitKeys(object!, params) : input } },
      };
    }
  }

  const access = PUBLIC_PROCEDURES.includes(route.procedure)
    ? 'public'
    : SIGNED_IN_PROCEDURES.includes(route.procedure)
      ? 'signed in'
      : 'permission';
  const writes = route.method !== 'GET';
  const status = route.status ?? 200;
  const headers = cachedRead
    ? { ...RESPONSE_HEADERS[route.procedure], ...CACHED_READ_HEADERS }
    : RESPONSE_HEADERS[route.procedure];
  return {
    operationId: route.procedure.replace('.', '_'),
    summary: route.summary,
    ...(DESCRIPTIONS[route.procedure] && { description: DESCRIPTIONS[route.procedure] }),
    tags: [route.url.split('/')[2]!],
    ...(access === 'public' && { security: [] }),
    ...(Object.keys(requestParams).length && { requestParams }),
    ...(requestBody && { requestBody }),
    responses: {
      [String(status)]: {
        description: status === 204 ? 'Done, nothing to answer' : 'Done',
        ...(headers && { headers }),
        ...(status !== 204 && output && { content: { 'application/json': { schema: output } } }),
      },
      ...(cachedRead && {
        '304': {
          description: 'Not modified: the If-None-Match tag is current',
          headers: CACHED_READ_HEADERS,
        },
      }),
      ...errors({
        ...IN_SCOPE_ERRORS,
        ...(access === 'public' && { 401: PUBLIC_401 }),
        400: Boolean(input),
        403: access === 'permission',
        404: params.includes('id') || (NOT_FOUND_IN_BODY[route.procedure] ?? false),
        409: CONFLICTS[route.procedure] ?? false,
        ...(writes && WRITE_ERRORS),
        422: route.procedure === 'orders.create',
        428: PRECONDITIONS[route.procedure] ?? false,
        429: RATE_LIMITED[route.procedure] ?? false,
      }),
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
      security: [],
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
      security: [],
      responses: {
        '200': {
          description: 'Ready',
          content: { 'application/json': { schema: z.object({ status: z.literal('ready') }) } },
        },
        ...errors({
          503: errorResponse(503, 'The database does not answer within 2 s', 'sometimes'),
        }),
      },
    },
  },
  '/api/login': {
    get: {
      operationId: 'auth_login',
      summary: 'Start signing in at the identity provider (OpenID Connect)',
      tags: ['auth'],
      security: [],
      requestParams: {
        query: z.object({
          returnTo: z
            .string()
            .optional()
            .meta({ description: 'A path of the shop to come back to (anything else: the storefront)' }),
        }),
      },
      responses: {
        ...redirect(302, "To the identity provider's sign-in page"),
        ...errors({
          ...IN_SCOPE_ERRORS,
          400: 'Missing or invalid Host header',
          401: PUBLIC_401,
          429: 'Too many sign-in attempts from this IP: LOGIN_RATE_LIMIT_PER_MINUTE',
          503: errorResponse(
            503,
            'The identity provider cannot be reached (no `Retry-After`), or the session store cannot be read',
            'sometimes',
          ),
        }),
      },
    },
  },
  '/api/callback': {
    get: {
      operationId: 'auth_callback',
      summary: 'Where the identity provider sends the browser back after signing in',
      tags: ['auth'],
      security: [],
      responses: {
        ...redirect(303, 'To the page sign-in started from (or the sign-in failed page)'),
        ...errors({
          ...IN_SCOPE_ERRORS,
          400: 'Missing or invalid Host header',
          401: PUBLIC_401,
          429: 'Too many sign-in attempts from this IP: LOGIN_RATE_LIMIT_PER_MINUTE',
        }),
      },
    },
  },
  '/api/logout': {
    get: {
      operationId: 'auth_logout',
      summary: 'Sign out (and out of the identity provider when it supports that)',
      description:
        'A top-level navigation only (`Sec-Fetch-Dest: document`, `Sec-Fetch-Mode: navigate`, not ' +
        'cross-site); a picture, frame or script that requests it is refused and the session stays. ' +
        'A client that sends no Fetch Metadata headers is not checked.',
      tags: ['auth'],
      security: [],
      responses: {
        ...redirect(303, "To the storefront or the identity provider's sign-out page"),
        ...errors({
          ...IN_SCOPE_ERRORS,
          401: PUBLIC_401,
          403: 'Not a top-level navigation: nothing changed',
        }),
      },
    },
    post: {
      operationId: 'auth_logout_post',
      summary: 'Sign out, from a page of the shop (the same as the GET)',
      description: 'Needs the shop’s own `Origin` (or, without one, `Sec-Fetch-Site: same-origin`); no body.',
      tags: ['auth'],
      security: [],
      responses: {
        ...redirect(303, "To the storefront or the identity provider's sign-out page"),
        ...errors({
          ...IN_SCOPE_ERRORS,
          ...WRITE_ERRORS,
          401: PUBLIC_401,
          403: 'From another origin, or without a sign of its origin: nothing changed',
        }),
      },
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
        ...errors({ ...IN_SCOPE_ERRORS, 403: true }),
      },
    },
  },
  '/api/inventory/reorder.csv': {
    get: {
      operationId: 'inventory_reorder_export',
      summary: 'The products due for buying in, with suggested quantities, as a CSV file',
      tags: ['admin'],
      responses: {
        '200': {
          description: `Columns: ${REORDER_CSV_COLUMNS.join(', ')}`,
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errors({ ...IN_SCOPE_ERRORS, 403: true }),
      },
    },
  },
  '/api/admin/analytics/orders.csv': {
    get: {
      operationId: 'analytics_orders_export',
      summary: 'The orders placed in a range as a CSV file (UTC days, both included)',
      tags: ['admin'],
      parameters: [
        { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
        { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
      ],
      responses: {
        '200': {
          description: `Columns: ${ORDERS_CSV_COLUMNS.join(', ')}`,
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errors({ ...IN_SCOPE_ERRORS, 400: 'A missing or invalid `from` or `to`', 403: true }),
      },
    },
  },
  '/api/products/import': {
    post: {
      operationId: 'products_import',
      summary: 'Create and update products from a CSV file, by SKU, all or nothing',
      tags: ['products'],
      parameters: [
        {
          name: 'createCategories',
          in: 'query',
          required: false,
          description:
            'true: create the categories the file names that do not exist (needs categories:create); ' +
            'otherwise an unknown category is an invalid row',
          schema: { type: 'string', enum: ['true', 'false'] },
        },
      ],
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
        ...errors({
          ...IN_SCOPE_ERRORS,
          ...WRITE_ERRORS,
          400: 'An invalid row: `issues` names each (`row 3: price`), or a bad `createCategories`; nothing was written',
          409: 'A category the file names was deleted during the import; nothing was written',
          413: `The file is over ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB`,
          415: 'A body that is not `Content-Type: text/csv`',
        }),
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['docs'],
      security: [],
      responses: {
        '200': {
          description: 'OpenAPI 3.1',
          content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
        },
        ...errors({ ...IN_SCOPE_ERRORS, 401: PUBLIC_401 }),
      },
    },
  },
  '/api/docs': {
    get: {
      operationId: 'docs',
      summary: 'A browsable reference of this document (Swagger UI)',
      tags: ['docs'],
      security: [],
      responses: {
        '200': { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } },
        ...errors({ ...IN_SCOPE_ERRORS, 401: PUBLIC_401 }),
      },
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

/**
 * The string checks zod-openapi leaves out: a `.trim()` before `.min(1)` refuses blank text, which
 * the rendered `minLength: 1` alone would let through. Run on every schema of the document.
 */
function documentTrimmedText({
  zodSchema,
  jsonSchema,
  io,
}: Parameters<NonNullable<CreateDocumentOptions['override']>>[0]): void {
  const def = zodSchema._zod.def as { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
  if (io !== 'input' || def.type !== 'string' || !def.checks) return;
  const checks = def.checks.map((check) => check._zod.def);
  // `.trim()` is an overwrite check; told apart from other overwrites (toLowerCase…) by what it does.
  const trims = checks.some(
    (check) => check.check === 'overwrite' && (check.tx as (value: string) => string)('  x  ') === 'x',
  );
  const minimum = checks.find((check) => check.check === 'min_length')?.minimum;
  if (!trims || typeof minimum !== 'number' || minimum < 1) return;
  if (jsonSchema.pattern === undefined) jsonSchema.pattern = NOT_BLANK_PATTERN;
  else jsonSchema.allOf = [...(jsonSchema.allOf ?? []), { pattern: NOT_BLANK_PATTERN }];
}

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
  cached = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'FreshCart Market API',
        version: '1.0.0',
        description:
          'The REST api of the FreshCart Market shop. Authenticate with the session cookie of a signed-in ' +
          'browser, or with `Authorization: Bearer <token>` (an API token from Admin → API tokens); the ' +
          'operations marked with no security need neither. Bodies are JSON (`Content-Type: ' +
          'application/json`, at most 1 MB) unless said otherwise. Every status an operation can answer ' +
          'is listed with it, errors as `{ message, code, issues?, details? }`; 429 and 503 say when to ' +
          'retry in `Retry-After`. A write that carries an `Origin` other than the shop is refused (403).',
      },
      servers: [{ url: '/' }],
      // Either scheme will do (OR); the public operations say `security: []`.
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      components: {
        schemas: { Error: ErrorSchema.meta({ description: 'Every failed answer' }) },
        securitySchemes: {
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie (`__Host-shop_sid` when the shop is served over https)',
          },
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token (`shop_…`)' },
        },
      },
      paths,
    },
    { override: documentTrimmedText },
  );
  return cached;
}
