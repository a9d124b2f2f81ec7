import { ShopSettingsDto, UpdateShopSettingsInput } from '@shop/schema';
import { can, publicProcedure, router } from '../../trpc/trpc';
import { getSettings, updateSettings } from './settings.service';

/** Admin → Settings (issue 19 item 6). GET /api/settings is public: the cart and checkout need it. */
export const settingsRouter = router({
  get: publicProcedure.output(ShopSettingsDto).query(({ ctx }) => getSettings(ctx)),
  /** PUT /api/settings: admins (`settings:update`); send the `version` you loaded (409 when stale). */
  update: can('settings:update')
    .input(UpdateShopSettingsInput)
    .output(ShopSettingsDto)
    .mutation(({ ctx, input }) => updateSettings(ctx, input)),
});
