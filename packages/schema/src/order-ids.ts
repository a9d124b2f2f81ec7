/** Order id as shoppers see it: the first 8 characters (the admin overview shows the last 8). */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}
