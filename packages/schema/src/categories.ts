import { z } from 'zod';

export const CategoryDto = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CategoryDto = z.infer<typeof CategoryDto>;
