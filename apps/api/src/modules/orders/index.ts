/**
 * Orders: orders, their lines and status history (`orders`, `order_items`, `order_status_history`).
 * The flows that span owners — placing, changing status (cancelling), weighing, marking a line
 * short — are the workflows in workflows/, each a sequence of calls into the owners. No other
 * module uses orders: the composition root wires its routers and REST helpers.
 */
export {};
