/**
 * The email that confirms a new profile address (issue 32; docs/security.md "Email changes
 * verified"), sent through the shop's mail like the order emails: kept as a `sent_emails` row of
 * kind 'email_change' (no order). Without SMTP_URL the row is the delivery (Admin → Outbox), so it
 * holds the link. With SMTP the mail server gets the link and the kept copy does not: the link is
 * the key to the change, and staff reading the outbox are not its owner.
 */
import type { EntityManager } from 'typeorm';
import type { Mailer } from './order-mail.service';
import { EMAIL_CHANGE_HOURS } from '@shop/schema';

const WITHHELD = '(link sent to the recipient only)';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface EmailChangeMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The message for `link`; pure. */
export function emailChangeMessage(to: string, link: string, shopName: string): EmailChangeMessage {
  const subject = `Confirm your new email address for ${shopName}`;
  const text =
    `Someone asked to use ${to} as the email of a ${shopName} account.\n\n` +
    `If that was you, open this link while signed in to confirm it (it works once, for ${EMAIL_CHANGE_HOURS} hours):\n` +
    `${link}\n\n` +
    `If it was not you, ignore this email: nothing changes.\n`;
  const html =
    `<p>Someone asked to use <strong>${escapeHtml(to)}</strong> as the email of a ${escapeHtml(shopName)} account.</p>` +
    `<p>If that was you, open this link while signed in to confirm it (it works once, for ${EMAIL_CHANGE_HOURS} hours):</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    `<p>If it was not you, ignore this email: nothing changes.</p>`;
  return { to, subject, text, html };
}

/**
 * Records the message in the caller's transaction: sent at once in the outbox (the row is the
 * delivery), or claimed for the mail server (`deliverEmailChange` after the commit). Answers the row id.
 */
export async function recordEmailChange(
  tx: EntityManager,
  mailer: Pick<Mailer, 'transport'>,
  message: EmailChangeMessage,
  link: string,
): Promise<string> {
  const kept =
    mailer.transport === 'outbox'
      ? message
      : {
          ...message,
          text: message.text.replace(link, WITHHELD),
          html: message.html.replaceAll(escapeHtml(link), WITHHELD),
        };
  const [row]: { id: string }[] = await tx.query(
    `INSERT INTO sent_emails (order_id, kind, recipient, subject, html, text, transport, sent_at)
     VALUES (NULL, 'email_change', $1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END)
     RETURNING id`,
    [kept.to, kept.subject, kept.html, kept.text, mailer.transport, mailer.transport === 'outbox'],
  );
  return row!.id;
}

/** With SMTP: hands the message to the mail server, then marks the row sent. */
export async function deliverEmailChange(
  db: EntityManager,
  mailer: Mailer,
  rowId: string,
  message: EmailChangeMessage,
): Promise<void> {
  if (mailer.transport !== 'smtp') return;
  const messageId = `<email-change-${rowId}@${mailer.domain}>`;
  await mailer.transporter.sendMail({
    from: mailer.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId,
  });
  await db.query(`UPDATE sent_emails SET sent_at = now(), message_id = $2 WHERE id = $1`, [rowId, messageId]);
}
