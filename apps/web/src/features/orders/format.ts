/** The first line of a shipping address (docs/product.md §2 Order management table): up to the first comma or line break. */
export function firstAddressLine(address: string): string {
  return address.split(/[,\n]/, 1)[0]!.trim();
}
