import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { StockLedgerAndOrderHistory1763900000000 } from './1763900000000-stock-ledger-and-order-history';
import { ListingIndexes1764500000000 } from './1764500000000-listing-indexes';
import { UsersCreatedAtIndex1765200000000 } from './1765200000000-users-created-at-index';
import { ApiTokens1765300000000 } from './1765300000000-api-tokens';
import { SearchTrigramIndexes1765400000000 } from './1765400000000-search-trigram-indexes';
import { ActiveProductsIndex1765500000000 } from './1765500000000-active-products-index';
import { EditVersions1765600000000 } from './1765600000000-edit-versions';
import { AuditEvents1765750000000 } from './1765750000000-audit-events';
import { UserIdentityIssuer1765800000000 } from './1765800000000-user-identity-issuer';
import { ApiTokenScopes1765850000000 } from './1765850000000-api-token-scopes';
import { HashedSessions1765900000000 } from './1765900000000-hashed-sessions';
import { CategoryAdmin1766000000000 } from './1766000000000-category-admin';
import { AnalyticsIndexes1766000000001 } from './1766000000001-analytics-indexes';
import { OrderLineSnapshots1766100000000 } from './1766100000000-order-line-snapshots';
import { ShopSettings1766110000000 } from './1766110000000-shop-settings';
import { SentEmails1766200000000 } from './1766200000000-sent-emails';
import { FoodFacts1766300000000 } from './1766300000000-food-facts';
import { SoldByMeasure1766400000000 } from './1766400000000-sold-by-measure';
import { AnalyticsRollup1766600000000 } from './1766600000000-analytics-rollup';
import { DeliverySlots1766700000000 } from './1766700000000-delivery-slots';
import { FoodFactsBits1766800000000 } from './1766800000000-food-facts-bits';
import { StockLots1766900000000 } from './1766900000000-stock-lots';
import { Substitutions1767000000000 } from './1767000000000-substitutions';
import { EmailChanges1767100000000 } from './1767100000000-email-changes';

/** Every migration, oldest first. Never edit one that has landed: add a new one. */
export const migrations = [
  InitialSchema1763800000000,
  StockLedgerAndOrderHistory1763900000000,
  ListingIndexes1764500000000,
  UsersCreatedAtIndex1765200000000,
  ApiTokens1765300000000,
  SearchTrigramIndexes1765400000000,
  ActiveProductsIndex1765500000000,
  EditVersions1765600000000,
  AuditEvents1765750000000,
  UserIdentityIssuer1765800000000,
  ApiTokenScopes1765850000000,
  HashedSessions1765900000000,
  CategoryAdmin1766000000000,
  AnalyticsIndexes1766000000001,
  OrderLineSnapshots1766100000000,
  ShopSettings1766110000000,
  SentEmails1766200000000,
  FoodFacts1766300000000,
  SoldByMeasure1766400000000,
  AnalyticsRollup1766600000000,
  DeliverySlots1766700000000,
  FoodFactsBits1766800000000,
  StockLots1766900000000,
  Substitutions1767000000000,
  EmailChanges1767100000000,
];
