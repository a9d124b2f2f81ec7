/**
 * The OpenAPI document against the app itself: every /api route the app registers is documented
 * with its method, and nothing documented is missing from the app — so adding a REST route without
 * documenting it (or the other way round) fails here. Then the schemas came through from zod, and
 * the document and its reference page are served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { restRoutes } from '../rest/routes';
import { buildOpenApiDocument, DOCS_ASSET_PREFIX, openApiPath } from './openapi-document';

let shop: TestApp;
const document = buildOpenApiDocument();

/** `METHOD /path` of every documented operation. */
const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
);

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});

afterAll(async () => {
  await shop?.close();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and every operation says what it answers', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(item as Record<string, { responses?: object }>)) {
        expect(Object.keys(operation.responses ?? {}).length).toBeGreaterThan(0);
      }
    }
  });

  it('documents every route of the REST table', () => {
    const missing = restRoutes
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((operation) => !documented.includes(operation));
    expect(missing).toEqual([]);
  });

  it('documents exactly the /api routes the app serves', () => {
    const served = shop.app.registeredRoutes
      .filter(
        (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
      )
      .filter((route) => !route.url.startsWith(DOCS_ASSET_PREFIX))
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

  it("takes the procedures' zod schemas: bodies, query parameters, path parameters and answers", () => {
    const paths = document.paths as Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const create = paths['/api/products']!.post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.properties).toHaveProperty('name');
    expect(body.properties).toHaveProperty('price');
    expect(body.required).toEqual(
      expect.arrayContaining(['name', 'description', 'price', 'stock', 'categoryId']),
    );
    const query = paths['/api/products']!.get.parameters.map(
      (parameter: { name: string; in: string }) => parameter.name,
    );
    expect(query).toEqual(expect.arrayContaining(['search', 'limit', 'categoryId']));
    const byId = paths['/api/products/{id}']!.get.parameters;
    expect(byId).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    // A path parameter is not repeated in the body.
    const update = paths['/api/products/{id}']!.put.requestBody.content['application/json'].schema;
    expect(update.properties).not.toHaveProperty('id');
    expect(JSON.stringify(paths['/api/categories']!.get.responses['200'])).toContain('"name"');
    expect(paths['/api/orders']!.post.responses['409'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it('is served at /api/openapi.json, with a reference page at /api/docs that loads only its own files', async () => {
    const json = await shop.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(JSON.parse(JSON.stringify(document)));

    const page = await shop.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/init.js',
    ]);
    for (const source of sources) {
      const asset = await shop.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.body.length, source).toBeGreaterThan(50);
    }
  });
});
