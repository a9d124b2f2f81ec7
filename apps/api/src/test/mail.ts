/**
 * The mail module's order email sender, for tests in other modules that check where an order email
 * goes (identity's email-change test): a test inside a module imports another module only through
 * its face, and sending order emails is no other module's business.
 */
export { sendOrderEmail } from '../modules/mail/order-mail.service';
