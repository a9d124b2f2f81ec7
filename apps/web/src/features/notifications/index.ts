/** The notifications feature's face: browser notifications, the shopper's live order updates and low-stock alerts. */
export { notify } from './browser-notifications';
export { orderNotification } from './notification-texts';
export { NotificationToggle } from './notification-toggle';
export { LiveOrderUpdates } from './live-order-updates';
export { LowStockAlerts } from './low-stock-alerts';
