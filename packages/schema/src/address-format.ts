/** A saved address as text, without zod (addresses.ts holds the contracts and re-exports this). */

/** docs/product.md §5: a saved address as one shipping line, 'street, city, state zip, country'. */
export function formatAddress(address: {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}): string {
  return `${address.street}, ${address.city}, ${address.state} ${address.zipCode}, ${address.country}`;
}
