export * from './entities';
export * from './data-source';
export { seedDemoData, type SeedResult } from './seed/seed';
export { seedDeliveryZones } from './seed/delivery-seed';
export { seedShowcase } from './seed/showcase-seed';
export { demoAccounts } from './seed/demo-accounts';
export { seedPermissionModel, type PermissionSeedResult } from './seed/permissions-seed';
