/**
 * 'Buy again' (issue 19 item 3): an earlier order's lines as they can be bought today. Nothing is
 * written — the cart lives in the browser (docs/product.md §4) — and the prices are today's, so
 * the order placed from that cart passes the server's price check (docs/architecture.md §4).
 */
import type { ReorderDto } from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { NotFoundError } from '../../errors';
import { toMeasure, productsToday } from '../catalogue';
import { ownerOfOrder, productsBought } from './orders.repository';

type Ctx = ServiceContext & { user: CurrentUser };

/** The caller's own order only (someone else's is NOT_FOUND, as for reading it). */
export async function reorder(ctx: Ctx, id: string): Promise<ReorderDto> {
  if ((await ownerOfOrder(ctx.db, id)) !== ctx.user.id) throw new NotFoundError('Order');
  // One row per product (an order may hold a product on two lines), in the order they were bought.
  const bought = await productsBought(ctx.db, id);
  // The products as the catalogue has them today (gone: not there).
  const today = await productsToday(
    ctx.db,
    bought.map((line) => line.product_id),
  );
  const result: ReorderDto = { lines: [], problems: [] };
  for (const line of bought) {
    const problem = { productId: line.product_id, name: line.bought_name, ordered: line.ordered };
    const row = today.get(line.product_id);
    if (!row || !row.on_sale || row.price === null || row.name === null) {
      result.problems.push({ ...problem, problem: 'unavailable', added: 0 });
      continue;
    }
    // What the product is sold in today (issue 20 part B): whole steps, within its limits.
    const measure = toMeasure(row);
    const most = Math.min(line.ordered, Math.max(row.stock ?? 0, 0), measure.maxQuantity);
    const quantity = Math.floor(most / measure.quantityStep) * measure.quantityStep;
    if (quantity < measure.minQuantity) {
      result.problems.push({ ...problem, problem: 'out_of_stock', added: 0 });
      continue;
    }
    if (quantity < line.ordered) result.problems.push({ ...problem, problem: 'reduced', added: quantity });
    result.lines.push({
      productId: line.product_id,
      name: row.name,
      price: row.price,
      imageUrl: row.image_url,
      quantity,
      ...(measure.measureUnit && {
        measureUnit: measure.measureUnit,
        quantityStep: measure.quantityStep,
        minQuantity: measure.minQuantity,
        maxQuantity: measure.maxQuantity,
      }),
    });
  }
  return result;
}
