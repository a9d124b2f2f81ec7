/**
 * A signed-in user's saved delivery addresses. Invariant: whenever a user has addresses, exactly
 * one is the default — the first one becomes it, making one the default unsets the others, and
 * deleting the default promotes the most recent remaining address. Each change runs in one
 * transaction that first locks the user's row, so two changes for one user never interleave; the
 * partial unique index `user_addresses_one_default_idx` backs "at most one" in the database.
 * Another user's address answers NOT_FOUND, like one that does not exist.
 */
import type { EntityManager } from 'typeorm';
import { UserAddressEntity } from '@shop/db';
import {
  MAX_ADDRESSES_PER_USER,
  type AddressDto,
  type AddressFormValues,
  type AddressUpdateInput,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { ConflictError, NotFoundError } from '../../errors';

type Ctx = ServiceContext & { user: CurrentUser };

export function toAddressDto(address: UserAddressEntity): AddressDto {
  return {
    id: address.id,
    title: address.title,
    street: address.street,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    country: address.country,
    isDefault: address.isDefault,
    createdAt: address.createdAt.toISOString(),
    updatedAt: address.updatedAt.toISOString(),
  };
}

/** Serialises every address change of one user (NO KEY UPDATE: inserts referencing the user still pass). */
async function lockUser(tx: EntityManager, userId: string): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
}

async function findOwn(tx: EntityManager, userId: string, id: string): Promise<UserAddressEntity> {
  const address = await tx.findOne(UserAddressEntity, { where: { id, userId } });
  if (!address) throw new NotFoundError('Address');
  return address;
}

/** Unsets the user's current default (before another is set: the unique index checks per statement). */
async function clearDefault(tx: EntityManager, userId: string, exceptId?: string): Promise<void> {
  await tx.query(
    `UPDATE user_addresses SET is_default = false, updated_at = now()
     WHERE user_id = $1 AND is_default AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, exceptId ?? null],
  );
}

/** The user's addresses: the default first, then the most recent. */
export async function listAddresses(ctx: Ctx): Promise<AddressDto[]> {
  const addresses = await ctx.db.find(UserAddressEntity, {
    where: { userId: ctx.user.id },
    order: { isDefault: 'DESC', createdAt: 'DESC', id: 'ASC' },
  });
  return addresses.map(toAddressDto);
}

export async function createAddress(ctx: Ctx, input: AddressFormValues): Promise<AddressDto> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.user.id);
    const count = await tx.count(UserAddressEntity, { where: { userId: ctx.user.id } });
    if (count >= MAX_ADDRESSES_PER_USER) {
      throw new ConflictError(`You can save at most ${MAX_ADDRESSES_PER_USER} addresses`);
    }
    const isDefault = count === 0 || input.isDefault;
    if (isDefault) await clearDefault(tx, ctx.user.id);
    const saved = await tx.save(tx.create(UserAddressEntity, { ...input, isDefault, userId: ctx.user.id }));
    return toAddressDto(saved);
  });
}

/**
 * Changes the given fields. `isDefault: true` makes it the default; `isDefault: false` on the
 * default is ignored — an address stays the default until another one is made the default.
 */
export async function updateAddress(ctx: Ctx, input: AddressUpdateInput): Promise<AddressDto> {
  const { id, isDefault, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.user.id);
    const address = await findOwn(tx, ctx.user.id, id);
    if (isDefault && !address.isDefault) {
      await clearDefault(tx, ctx.user.id, id);
      address.isDefault = true;
    }
    for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string | undefined][]) {
      if (value !== undefined) address[key] = value;
    }
    return toAddressDto(await tx.save(address));
  });
}

export async function setDefaultAddress(ctx: Ctx, id: string): Promise<AddressDto> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.user.id);
    const address = await findOwn(tx, ctx.user.id, id);
    if (address.isDefault) return toAddressDto(address);
    await clearDefault(tx, ctx.user.id, id);
    address.isDefault = true;
    return toAddressDto(await tx.save(address));
  });
}

/** Deletes the address; when it was the default, the most recent remaining address becomes it. */
export async function deleteAddress(ctx: Ctx, id: string): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, ctx.user.id);
    const address = await findOwn(tx, ctx.user.id, id);
    await tx.delete(UserAddressEntity, { id: address.id });
    if (address.isDefault) {
      await tx.query(
        `UPDATE user_addresses SET is_default = true, updated_at = now()
         WHERE id = (SELECT id FROM user_addresses WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)`,
        [ctx.user.id],
      );
    }
    return { id };
  });
}
