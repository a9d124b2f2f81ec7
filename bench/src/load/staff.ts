/**
 * Staff at work during the load, signed in with the demo accounts:
 * - order staff (sales@ and admin@) read the order management screen and move this run's orders
 *   along the allowed transitions, cancelling some (which returns stock). Both pick among the
 *   newest pending orders, so now and then they race for one order: the loser's 409 is expected;
 * - the inventory manager (inventory@) reads the inventory screens and sets stock levels with a
 *   reason, the hot products included (restocks), so the stock accounting must include staff changes;
 * - the admin also edits a hot product's price twice (the product form, PUT), so shoppers meet
 *   409 PRICE_CHANGED and retry as the web does.
 */
import {
  ORDER_TRANSITIONS,
  type AdminOrderDetailDto,
  type AdminOrderListItemDto,
  type AdminOrderPageDto,
  type AdminProductDto,
  type AdminProductPageDto,
  type OrderStatus,
  type ProductDto,
} from '@shop/schema';
import type { Actor } from './actor';
import { between, pick, think, timeLeft, type World } from './world';

const WORKED_STATUSES: [OrderStatus, number][] = [
  ['pending', 0.5],
  ['processing', 0.3],
  ['shipped', 0.2],
];

function weighted<T>(choices: [T, number][]): T {
  let roll = Math.random();
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return choices.at(-1)![0];
}

/** The next status a member of staff gives an order: mostly forward, some cancellations. */
function nextStatus(status: OrderStatus): OrderStatus | null {
  switch (status) {
    case 'pending':
      return weighted([
        ['processing', 0.75],
        ['cancelled', 0.25],
      ]);
    case 'processing':
      return weighted([
        ['shipped', 0.8],
        ['cancelled', 0.2],
      ]);
    default:
      return ORDER_TRANSITIONS[status][0] ?? null;
  }
}

export async function runOrderStaff(world: World, actor: Actor, role: 'sales' | 'admin'): Promise<void> {
  // The sales manager works through a few orders per look at the screen; the admin now and then
  // takes the newest pending one, which the sales manager is likely to be taking too.
  const [pause, batch] = role === 'sales' ? [[500, 1200], 3] : [[1500, 3000], 1];
  const priceEdits =
    role === 'admin'
      ? [1 / 3, 2 / 3].map((share) => world.deadline - (1 - share) * (world.deadline - Date.now()))
      : [];

  for (let round = 0; timeLeft(world) > 0; round++) {
    if (priceEdits.length > 0 && Date.now() >= priceEdits[0]!) {
      priceEdits.shift();
      await editHotPrice(world, actor, priceEdits.length === 1 ? 10 : -10);
    }
    if (round % 5 === 0) {
      await actor.checkIdentity();
      await actor.batch([['orderManagement.summary'], ['admin.overview']]);
      if (role === 'admin') await actor.request('GET /api/orders?limit=20', '/api/orders?limit=20');
    }
    const status = role === 'admin' ? 'pending' : weighted(WORKED_STATUSES);
    const page = await actor.query<AdminOrderPageDto>('orderManagement.page', {
      status,
      page: 1,
      pageSize: 20,
    });
    const candidates = (page?.items ?? [])
      .filter((order) => world.shopperIds.has(order.userId))
      .slice(0, batch);
    for (const order of candidates) {
      if (timeLeft(world) <= 0) break;
      await changeStatus(world, actor, order);
    }
    if (!(await think(world, pause[0]!, pause[1]!))) break;
  }
}

/** The View dialog, then the status change; a 409 means someone changed the order meanwhile. */
async function changeStatus(world: World, actor: Actor, order: AdminOrderListItemDto): Promise<void> {
  const { recorder } = world;
  await actor.query<AdminOrderDetailDto>('orderManagement.byId', { id: order.id });
  const target = nextStatus(order.status);
  if (!target) return;
  const answer = await actor.request<AdminOrderDetailDto>(
    'PATCH /api/orders/:id/status',
    `/api/orders/${order.id}/status`,
    { method: 'PATCH', body: { status: target, notes: `load ${world.nonce}` }, allow: [409] },
  );
  if (answer?.status === 200) {
    recorder.count('order status changes (200)');
    recorder.count(`order status changes → ${target}`);
    if (answer.body.id !== order.id || answer.body.status !== target) {
      recorder.fail(
        'status change answered another order or status',
        `${actor.name}: ${order.id} → ${target} answered ${answer.body.id} ${answer.body.status}`,
      );
    }
  } else if (answer?.status === 409) {
    recorder.count('order status changes refused (409: changed meanwhile)');
  }
}

export async function runInventoryManager(world: World, actor: Actor): Promise<void> {
  const { recorder } = world;
  for (let round = 0; timeLeft(world) > 0; round++) {
    const [page] = await actor.batch([
      [
        'products.adminPage',
        { page: 1 + (round % 2), pageSize: 50, ...(round % 3 === 0 && { lowStockOnly: true }) },
      ],
      ['inventory.summary'],
    ]);
    if (round % 3 === 0) await actor.request('GET /api/products/low-stock', '/api/products/low-stock');
    if (round % 10 === 0) await actor.checkIdentity();

    const hot = Math.random() < 0.35;
    const isHot = (id: string) => world.hot.some((product) => product.id === id);
    const listed = ((page as AdminProductPageDto | null)?.items ?? []).map((product) => product.id);
    const others = (listed.length > 0 ? listed : world.productIds).filter((id) => !isHot(id));
    const id = hot || others.length === 0 ? pick(world.hot).id : pick(others);
    const product = await actor.query<ProductDto>('products.byId', { id });
    if (product) {
      // A restock of a hot product (on top of what is left); any level for the others.
      const stock = isHot(id) ? product.stock + Math.round(between(5, 25)) : Math.round(between(20, 150));
      const answer = await actor.request('PATCH /api/products/:id', `/api/products/${id}`, {
        method: 'PATCH',
        body: { stock, reason: `load ${world.nonce}: ${isHot(id) ? 'restock' : 'count'}` },
      });
      if (answer?.status === 200)
        recorder.count(isHot(id) ? 'hot product restocks (200)' : 'stock level changes (200)');
    }
    if (!(await think(world, 1500, 3000))) break;
  }
}

/**
 * The product form, saved with a new price (PUT sends the whole form without the stock, exactly
 * what the admin screen does: it sends stock only when the user changed it, with expectedStock; a
 * stock value without a precondition is refused with 428, apps/api/src/modules/catalogue/stock-write-rules.ts).
 */
async function editHotPrice(world: World, actor: Actor, deltaCents: number): Promise<void> {
  const hot = world.hot[0]!;
  const page = await actor.query<AdminProductPageDto>('products.adminPage', {
    search: hot.sku,
    page: 1,
    pageSize: 5,
  });
  const product: AdminProductDto | undefined = page?.items.find((item) => item.id === hot.id);
  if (!product) return;
  const cents = Math.round(Number(product.price) * 100) + deltaCents;
  const answer = await actor.request('PUT /api/products/:id', `/api/products/${hot.id}`, {
    method: 'PUT',
    body: {
      name: product.name,
      description: product.description ?? product.name,
      price: (cents / 100).toFixed(2),
      unit: product.unit,
      categoryId: product.categoryId,
      imageUrl: product.imageUrl ?? null,
      isOrganic: product.isOrganic,
      isGlutenFree: product.isGlutenFree,
      lowStockThreshold: product.lowStockThreshold,
      sku: product.sku,
      isActive: product.isActive,
    },
  });
  if (answer?.status === 200) world.recorder.count('hot product price edits (200)');
}
