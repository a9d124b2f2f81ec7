import type { CategoryDto } from '@shop/schema';
import { CategoryEntity } from '@shop/db';
import type { ServiceContext } from '../../context';

export async function listCategories(ctx: ServiceContext): Promise<CategoryDto[]> {
  const rows = await ctx.db.find(CategoryEntity, { order: { name: 'ASC' } });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  }));
}
