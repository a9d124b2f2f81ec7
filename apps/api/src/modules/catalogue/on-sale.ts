/**
 * The one rule for what shoppers may see and buy: a product that is active in a category that is
 * active too (or in none). Hiding a category in Admin → Categories hides its products from the
 * storefront — the listing, search, counts, a product's page, placing an order and 'Buy again' —
 * while staff still see them in the admin screens (issue 19).
 *
 * Written as a condition on the products alias `p`: the hidden categories are read once per query
 * (a hashed subplan, a handful of rows), so the storefront's page keeps walking the name index and
 * its count keeps reading the partial index of active products alone (docs/benchmarks.md).
 */
export function onSale(p = 'p'): string {
  return `(${p}.is_active AND (${p}.category_id IS NULL OR ${p}.category_id NOT IN
           (SELECT hidden.id FROM categories hidden WHERE NOT hidden.is_active)))`;
}
