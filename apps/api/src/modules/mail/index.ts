/** Mail: the order emails, their queue and the outbox (`sent_emails`). No other module uses it. */
export {};
