/** The demo accounts of docs/architecture.md §3, one per built-in role. */
export const demoAccounts = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
  { email: 'inventory@example.com', firstName: 'Ivan', lastName: 'Inventory', role: 'inventory_manager' },
  { email: 'sales@example.com', firstName: 'Sally', lastName: 'Sales', role: 'sales_manager' },
  { email: 'customer@example.com', firstName: 'Casey', lastName: 'Customer', role: 'customer' },
] as const;
