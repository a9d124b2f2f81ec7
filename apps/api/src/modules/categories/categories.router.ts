import { z } from 'zod';
import { CategoryDto } from '@shop/schema';
import { publicProcedure, router } from '../../trpc/trpc';
import { listCategories } from './categories.service';

export const categoriesRouter = router({
  list: publicProcedure.output(z.array(CategoryDto)).query(({ ctx }) => listCategories(ctx)),
});
