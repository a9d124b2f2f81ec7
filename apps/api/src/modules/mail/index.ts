/**
 * Mail: the order emails, their queue and the outbox (`sent_emails`). Identity sends the link that
 * confirms a profile's new email through it (email-change-mail.ts).
 */
export { deliverEmailChange, emailChangeMessage, recordEmailChange } from './email-change-mail';
export type { EmailChangeMessage } from './email-change-mail';
export type { Mailer } from './order-mail.service';
