/**
 * How the admin shell's footer names a staff member's role (issue 33 item 7): their custom role's
 * name when they have one, else the built-in role's ('Inventory Manager', 'Sales Manager'); an admin
 * stays 'Administrator' (docs/product.md §2 Admin panel).
 */
import { roleLabel } from '@shop/schema';

export function staffRoleLabel(role: string, customRoleName?: string | null): string {
  if (customRoleName) return customRoleName;
  return role === 'admin' ? 'Administrator' : roleLabel(role);
}
