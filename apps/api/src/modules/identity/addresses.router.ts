import { z } from 'zod';
import { AddressDto, AddressIdInput, AddressInput, AddressUpdateInput } from '@shop/schema';
import { authedProcedure, router } from '../../trpc/trpc';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.service';

/** The signed-in user's own saved addresses (docs/product.md §7 /api/user/addresses). */
export const addressesRouter = router({
  list: authedProcedure.output(z.array(AddressDto)).query(({ ctx }) => listAddresses(ctx)),
  create: authedProcedure
    .input(AddressInput)
    .output(AddressDto)
    .mutation(({ ctx, input }) => createAddress(ctx, input)),
  update: authedProcedure
    .input(AddressUpdateInput)
    .output(AddressDto)
    .mutation(({ ctx, input }) => updateAddress(ctx, input)),
  setDefault: authedProcedure
    .input(AddressIdInput)
    .output(AddressDto)
    .mutation(({ ctx, input }) => setDefaultAddress(ctx, input.id)),
  delete: authedProcedure
    .input(AddressIdInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => deleteAddress(ctx, input.id)),
});
