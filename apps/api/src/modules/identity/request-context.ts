/**
 * What identity adds to every request's context (context.ts `RequestContext`): the base layer knows
 * no module, so this module declares its own field, and the composition root (request-context.ts
 * beside app.ts) fills it in.
 */
import type { EmailChangeMail } from './email-change.service';

declare module '../../context' {
  interface RequestContext {
    /** How a profile email change's link is sent (email-change.service.ts); absent: the outbox. */
    emailChangeMail?: EmailChangeMail;
  }
}
