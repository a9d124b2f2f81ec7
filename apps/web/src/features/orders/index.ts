/**
 * The orders feature's face: placing an order, its status badge (one for shoppers and staff), and
 * the line actions picking shares with the order view (record a weight, mark a line short).
 */
export { usePlaceOrder, useMyOrders } from './api/use-orders';
export { usePickingList } from './api/use-order-management';
export { OrderStatusBadge } from './components/order-status-badge';
export { RecordWeightForm } from './components/record-weight-form';
export { MarkShortButton, substitutionText } from './components/mark-short-button';
