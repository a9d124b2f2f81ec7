/**
 * A shopper: a new customer who signs in through the development provider, then until the deadline
 * loads the storefront, browses, searches, looks at products, keeps a cart (in the browser's
 * localStorage, so on the server this is only reading products), checks out every ~9 s — mostly
 * the hot products — and reads My Orders. Like the web: an Idempotency-Key on every placement, and
 * after a 409 PRICE_CHANGED one retry at the prices the 409 names.
 *
 * Besides the status of each answer, it checks that what comes back is its own: /api/auth/user is
 * itself, My Orders holds only its orders and every order it placed, an order's detail is its own.
 * Crossed statements of two requests (the embedded mode's old bug) would show up as another
 * user's data, not only as errors.
 */
import { randomUUID } from 'node:crypto';
import {
  centsToDecimal,
  lineRule,
  lineTotalCents,
  toCartProduct,
  type MeasureUnit,
  type OrderDetailDto,
  type OrderDto,
  type ProductDto,
} from '@shop/schema';
import { send } from '../../../apps/api/src/test/sign-in';
import { Actor, failureKind } from './actor';
import { ORDER_INTERVAL_MS, ORDER_POSTS_PER_MINUTE, SEARCH_TERMS } from './config';
import { between, pick, sleep, think, timeLeft, type World } from './world';

interface CartLine {
  price: string;
  /** In the product's base unit (pieces, grams, millilitres), as the web's cart keeps it. */
  quantity: number;
  measureUnit: MeasureUnit | null;
}

/** What the cart's lines cost, each rounded once as the server does (docs/money.md). */
const totalOf = (items: readonly { price: string; quantity: number; measureUnit: MeasureUnit | null }[]) =>
  centsToDecimal(
    items.reduce((sum, item) => sum + lineTotalCents(item.price, item.quantity, item.measureUnit), 0),
  );

interface ProductPage {
  items: ProductDto[];
  total: number;
}

interface Category {
  id: string;
}

type OrderRefusal = {
  details?: { reason?: string; prices?: { productId: string; price: string }[]; total?: string };
};

const PAYMENTS = [
  { paymentMethod: 'cash_on_delivery' },
  { paymentMethod: 'card', cardHolderName: 'Load Shopper', cardLastFour: '4242' },
  { paymentMethod: 'bank_transfer', bankName: 'Load Bank', bankAccountNumber: 'NL91ABNA0417164300' },
] as const;

export async function runShopper(world: World, index: number): Promise<Set<string>> {
  const { recorder } = world;
  const placed = new Set<string>();
  const actor = new Actor(`shopper ${index}`, world.baseUrl, recorder);
  actor.stopAt = world.deadline;
  // Browsers arrive over the first seconds, not in one instant.
  await sleep(between(0, 3000));
  if (timeLeft(world) <= 0) return placed;
  if (!(await actor.signIn(`shopper-${index}-${world.nonce}@load.example.com`))) return placed;
  world.shopperIds.add(actor.userId!);
  const events = followOrderEvents(world, actor);

  const cart = new Map<string, CartLine>();
  const posts: number[] = [];
  let nextOrderAt = Date.now() + between(2000, ORDER_INTERVAL_MS[1]);
  let categories: Category[] = [];

  for (let visit = 0; timeLeft(world) > 0; visit++) {
    // Opening the shop: the page, its files, who am I, the home screen's batched queries.
    if (visit % 4 === 0) for (const path of world.staticPaths) await actor.request(`GET ${path}`, path);
    await actor.checkIdentity();
    const [listed, home] = await actor.batch([['categories.list'], ['products.page', { limit: 20 }]]);
    if (Array.isArray(listed)) categories = listed as Category[];
    let seen = (home as ProductPage | null)?.items ?? [];
    if (!(await think(world, 200, 800))) break;

    // Browsing: the REST adapter's documented paths, and a category.
    if (visit % 2 === 0) {
      await actor.request('GET /api/categories', '/api/categories');
      await actor.request('GET /api/products?limit=20', '/api/products?limit=20');
    } else if (categories.length > 0) {
      const page = await actor.query<ProductPage>('products.page', {
        categoryId: pick(categories).id,
        limit: 20,
      });
      seen = page?.items ?? seen;
    }
    if (!(await think(world, 200, 800))) break;

    // Searching.
    const term = pick(SEARCH_TERMS);
    const found = await actor.query<ProductPage>('products.page', { search: term, limit: 20 });
    if (found?.items.length) seen = found.items;
    await actor.request(
      'GET /api/products?search=',
      `/api/products?search=${encodeURIComponent(term)}&limit=20`,
    );
    if (!(await think(world, 200, 800))) break;

    // Looking at products and adding to the cart: mostly a hot one, sometimes one just found.
    if (Math.random() < 0.8)
      await addToCart(world, actor, cart, pick(world.hot).id, 1 + Math.floor(Math.random() * 3));
    const other = pick(seen.length > 0 ? seen : [null]);
    if (other && Math.random() < 0.5) await addToCart(world, actor, cart, other.id, 1);
    if (!(await think(world, 200, 800))) break;

    if (cart.size > 0 && Date.now() >= nextOrderAt) {
      await checkout(world, actor, index, cart, posts, placed);
      cart.clear();
      nextOrderAt = Date.now() + between(...ORDER_INTERVAL_MS);
    }

    // My Orders, and the newest order's page.
    const mine = await actor.request<OrderDto[]>('GET /api/orders', '/api/orders');
    if (mine?.status === 200) checkMyOrders(world, actor, mine.body, placed);
    const newest = [...placed].at(-1);
    if (newest) {
      const order = await actor.request<OrderDetailDto>('GET /api/orders/:id', `/api/orders/${newest}`);
      if (order?.status === 200 && (order.body.id !== newest || order.body.userId !== actor.userId)) {
        recorder.fail(
          'another user answered',
          `${actor.name}: GET /api/orders/${newest} answered order ${order.body.id} of ${order.body.userId}`,
        );
      }
    }
    if (!(await think(world, 300, 1000))) break;
  }
  await events;
  return placed;
}

async function addToCart(world: World, actor: Actor, cart: Map<string, CartLine>, id: string, times: number) {
  const product = await actor.query<ProductDto>('products.byId', { id });
  if (!product) return;
  if (product.id !== id) {
    world.recorder.fail(
      'another product answered',
      `${actor.name}: products.byId ${id} answered ${product.id}`,
    );
    return;
  }
  if (product.imageUrl && world.staticPaths.length > 0 && Math.random() < 0.3) {
    await actor.request('GET /products/*', product.imageUrl);
  }
  // Add to Cart `times` times as the storefront does (packages/schema cart.ts): a piece at a time,
  // or a product sold by measure from its minimum by its step (0.25 kg of salmon, then 0.5 kg)…
  const rule = lineRule(toCartProduct(product));
  let wanted = cart.get(id)?.quantity ?? 0;
  for (let i = 0; i < times; i++) {
    wanted = wanted === 0 ? rule.minQuantity : Math.min(wanted + rule.quantityStep, rule.maxQuantity);
  }
  // …and no more than is in stock, on the product's steps.
  if (wanted > product.stock) {
    const steps = Math.floor((product.stock - rule.minQuantity) / rule.quantityStep);
    wanted = steps < 0 ? 0 : rule.minQuantity + steps * rule.quantityStep;
  }
  if (wanted > 0) cart.set(id, { price: product.price, quantity: wanted, measureUnit: rule.measureUnit });
}

function withinOrderBudget(posts: number[]): boolean {
  const now = Date.now();
  return posts.filter((at) => now - at < 60_000).length < ORDER_POSTS_PER_MINUTE;
}

async function checkout(
  world: World,
  actor: Actor,
  index: number,
  cart: Map<string, CartLine>,
  posts: number[],
  placed: Set<string>,
): Promise<void> {
  const { recorder } = world;
  const measures = new Map([...cart].map(([productId, line]) => [productId, line.measureUnit]));
  let items = [...cart].map(([productId, line]) => ({
    productId,
    quantity: line.quantity,
    price: line.price,
  }));
  const withMeasures = () =>
    items.map((item) => ({ ...item, measureUnit: measures.get(item.productId) ?? null }));
  let total = totalOf(withMeasures());
  const payment = pick(PAYMENTS);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!withinOrderBudget(posts)) {
      recorder.count('checkouts put off (order rate budget)');
      return;
    }
    const body = {
      items,
      total,
      ...payment,
      shippingAddress: `${index} Load Lane, Testville (${world.nonce})`,
    };
    const key = randomUUID();
    posts.push(Date.now());
    const answer = await actor.request<OrderDetailDto & OrderRefusal>('POST /api/orders', '/api/orders', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': key },
      allow: [409],
    });
    if (!answer) return;
    if (answer.status === 201) {
      const order = answer.body;
      placed.add(order.id);
      recorder.count('orders placed (201)');
      if (order.userId !== actor.userId) {
        recorder.fail(
          'another user answered',
          `${actor.name}: placed order ${order.id} belongs to ${order.userId}`,
        );
      }
      // A double click or a retry after a lost answer: the same key must answer the same order.
      if (Math.random() < 0.15 && withinOrderBudget(posts)) {
        posts.push(Date.now());
        const again = await actor.request<OrderDetailDto>(
          'POST /api/orders (same Idempotency-Key)',
          '/api/orders',
          {
            method: 'POST',
            body,
            headers: { 'idempotency-key': key },
          },
        );
        if (again?.status === 201) {
          if (again.body.id === order.id) recorder.count('replays answered with the same order');
          else {
            placed.add(again.body.id);
            recorder.fail(
              'idempotency: a replay placed another order',
              `${actor.name}: key ${key} → ${order.id} then ${again.body.id}`,
            );
          }
        }
      }
      return;
    }
    if (answer.status !== 409) return;
    const details = answer.body.details;
    if (details?.reason === 'PRICE_CHANGED' && attempt === 0) {
      // As the web does: the cart takes the server's prices, and the shopper places it again.
      const prices = new Map(details.prices?.map((line) => [line.productId, line.price]));
      items = items.map((item) => ({
        ...item,
        price: prices.get(item.productId.toLowerCase()) ?? item.price,
      }));
      total = details.total ?? totalOf(withMeasures());
      recorder.count('checkouts retried at new prices');
      continue;
    }
    recorder.count(`orders refused (409 ${details?.reason ?? 'CONFLICT'})`);
    return;
  }
}

function checkMyOrders(world: World, actor: Actor, orders: OrderDto[], placed: Set<string>) {
  const foreign = orders.filter((order) => order.userId !== actor.userId);
  if (foreign.length > 0) {
    world.recorder.fail(
      'another user answered',
      `${actor.name}: My Orders holds ${foreign.length} orders of other users`,
    );
  }
  const listed = new Set(orders.map((order) => order.id));
  const missing = [...placed].filter((id) => !listed.has(id));
  if (missing.length > 0) {
    world.recorder.fail('placed order missing from My Orders', `${actor.name}: ${missing.join(', ')}`);
  }
}

/**
 * The web's live order updates: one server-sent events stream per signed-in shopper
 * (`orderEvents.mine`), open until the deadline. Only the shopper's own orders may come through.
 * A mode without live updates may say NOT_IMPLEMENTED on the stream (expected); otherwise the
 * stream must stay open, and an error on it is judged like any answer.
 */
async function followOrderEvents(world: World, actor: Actor): Promise<void> {
  const { recorder } = world;
  const started = Date.now();
  let response: Response;
  try {
    response = await send(world.baseUrl, actor.jar, '/trpc/orderEvents.mine', {
      headers: { accept: 'text/event-stream' },
      signal: world.stop,
    });
  } catch (error) {
    if (world.stop.aborted) return;
    recorder.answered('network error', Date.now() - started);
    recorder.fail('network error or timeout', `${actor.name} order events: ${(error as Error).message}`);
    return;
  }
  recorder.answered(response.status, Date.now() - started);
  if (response.status !== 200) {
    recorder.fail(
      failureKind(response.status),
      `${actor.name} order events → ${response.status}: ${await response.text()}`,
    );
    return;
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let unavailable = false;
  try {
    for await (const chunk of response.body!) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        if (onEvent(world, actor, buffer.slice(0, end)) === 'unavailable') unavailable = true;
        buffer = buffer.slice(end + 2);
      }
    }
  } catch (error) {
    if (world.stop.aborted) return;
    recorder.fail('network error or timeout', `${actor.name} order events: ${(error as Error).message}`);
    return;
  }
  if (!unavailable && !world.stop.aborted) {
    recorder.fail('order events stream closed early', `${actor.name}: the server ended the stream`);
  }
}

function onEvent(world: World, actor: Actor, block: string): 'unavailable' | undefined {
  const { recorder } = world;
  let name = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (name === 'connected' || name === 'ping' || name === 'return' || !data) return;
  let payload: { orderId?: string; userId?: string; data?: { httpStatus?: number; code?: string } };
  try {
    payload = JSON.parse(data);
  } catch {
    recorder.fail('unreadable JSON', `${actor.name} order event: ${data}`);
    return;
  }
  if (name === 'serialized-error') {
    const status = payload.data?.httpStatus ?? 500;
    if (payload.data?.code === 'NOT_IMPLEMENTED') {
      recorder.expect(`${status} orderEvents.mine (live updates are off in this mode)`);
      return 'unavailable';
    }
    recorder.fail(failureKind(status), `${actor.name} order events stream: ${data}`);
    return;
  }
  recorder.count('order events received');
  if (payload.userId !== undefined && payload.userId !== actor.userId) {
    recorder.fail(
      'another user answered',
      `${actor.name} heard of order ${payload.orderId} of ${payload.userId}`,
    );
  }
}
