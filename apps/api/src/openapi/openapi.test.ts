/**
 * The OpenAPI document: well formed, every route of the REST table in it (adding a REST route the
 * document lacks fails here), the procedures' zod schemas came through, and the document and its
 * reference page are served. No database: the plugin runs on a bare Fastify instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { oas31 } from 'zod-openapi';
import { restRoutes } from '../rest/routes';
import {
  buildOpenApiDocument,
  DOCS_ASSET_PATHS,
  DOCUMENTED_EXTRA_ROUTES,
  openApiPath,
} from './openapi-document';
import { openApiRoutes } from './openapi.routes';
import { startTestApp, type TestApp } from '../test/test-app';

const document = buildOpenApiDocument();
/** The little of an operation the tests read (the document's own types are unions with $ref). */
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}
const paths = document.paths as Record<string, Record<string, Operation>>;

/** `METHOD /path` of every documented operation. */
const documented = Object.entries(paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
);

/** A schema, following a `$ref` into components.schemas. */
function resolve(schema: unknown): oas31.SchemaObject {
  const ref = (schema as oas31.ReferenceObject).$ref;
  return (ref ? document.components!.schemas![ref.split('/').pop()!] : schema) as oas31.SchemaObject;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with an info, both security schemes, and responses on every operation', () => {
    expect(document.openapi.startsWith('3.1')).toBe(true);
    expect(document.info).toMatchObject({ title: 'FreshCart Market API', version: '1.0.0' });
    expect(Object.keys(document.components!.securitySchemes!).sort()).toEqual(['bearerAuth', 'cookieAuth']);
    expect(document.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(documented.length).toBeGreaterThan(restRoutes.length);
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).not.toHaveLength(0);
      }
    }
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every route of the REST table, with its method', () => {
    const missing = restRoutes
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((operation) => !documented.includes(operation));
    expect(missing).toEqual([]);
  });

  it('documents the table and the extra routes, and nothing else', () => {
    const expected = [
      ...restRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`),
      ...DOCUMENTED_EXTRA_ROUTES.map((route) => `${route.method} ${route.path}`),
    ];
    expect([...documented].sort()).toEqual([...expected].sort());
    expect(expected).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/docs', 'POST /api/products/import']),
    );
  });

  it("takes the procedures' zod schemas: bodies, query and path parameters, answers and errors", () => {
    const body = resolve(paths['/api/products']!.post!.requestBody!.content['application/json']!.schema);
    expect(Object.keys(body.properties!)).toEqual(expect.arrayContaining(['name', 'price']));

    const query = paths['/api/products']!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['search', 'limit']));
    const auditQuery = paths['/api/admin/audit-events']!.get!.parameters!.map((p) => `${p.in} ${p.name}`);
    expect(auditQuery).toEqual(
      ['action', 'actorId', 'actor', 'targetType', 'targetId', 'from', 'to', 'page', 'pageSize'].map(
        (name) => `query ${name}`,
      ),
    );

    expect(paths['/api/products/{id}']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    // The path's parameter is not repeated in the body, even where the input has a refinement.
    for (const method of ['put', 'patch']) {
      const schema = paths['/api/products/{id}']![method]!.requestBody!.content['application/json']!.schema;
      expect(resolve(schema).properties, method).not.toHaveProperty('id');
    }
    expect(paths['/api/orders']!.post!.responses).toHaveProperty('201');
    expect(JSON.stringify(paths['/api/categories']!.get!.responses['200'])).toContain('"name"');
    expect(document.components?.schemas?.Error).toMatchObject({ required: ['message', 'code'] });
  });
});

describe('the served document and reference page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(openApiRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves the document at /api/openapi.json', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('serves the page at /api/docs, loading only its own files and no inline script or style', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    // helmet's CSP allows scripts only from the shop's own origin and no inline script.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect([...sources].sort()).toEqual([...DOCS_ASSET_PATHS].sort());

    for (const path of DOCS_ASSET_PATHS) {
      const asset = await app.inject({ method: 'GET', url: path });
      expect(asset.statusCode, path).toBe(200);
      expect(asset.headers['content-type'], path).toMatch(
        path.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      );
    }
    const init = await app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
  });
});

describe('the whole app', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ listen: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('serves exactly the /api routes the document describes (a new route without its entry fails here)', () => {
    const served = shop.app.registeredRoutes
      .filter(
        (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
      )
      .filter((route) => !(DOCS_ASSET_PATHS as readonly string[]).includes(route.url))
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(served).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/login', 'POST /api/products/import']),
    );
    expect(
      served.filter((operation) => !documented.includes(operation)),
      'served but not documented',
    ).toEqual([]);
    expect(
      documented.filter((operation) => !served.includes(operation)),
      'documented but not served',
    ).toEqual([]);
  });
});
