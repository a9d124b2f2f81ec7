/**
 * Inventory: stock (`products.stock`), best-before lots (`stock_lots`, `order_item_lots`), the
 * stock ledger (`stock_movements`) and reorder points. The ONLY writer of stock and the ledger:
 * every change goes through the functions below, in the caller's transaction. The placement
 * builders (order-placement.sql.ts) and `sellableStockSql` are the documented exceptions
 * (docs/architecture.md "Documented exceptions").
 */
export { actorName, updateStockLevels } from './inventory.service';
export type { StockLevelsChange } from './inventory.service';
export { orderLedgerCte, takeGroupLotsCtes, takeOrderLotsCtes, takeStockCte } from './order-placement.sql';
export { changeLineStock, returnOrderStock } from './order-stock';
export { recordStockMovements } from './stock-ledger';
export { expireDueLots, sellableStockSql, trimLotsToStock } from './stock-lots';
