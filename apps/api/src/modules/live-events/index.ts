/**
 * Live events: the bus (in process, or PostgreSQL NOTIFY), the announcements each owner makes after
 * its transaction commits (`publishAfterCommit`), and the tRPC streams with their limits. It imports
 * no other module: what a stream must re-check is handed in (`LiveStreams`' currentAccess).
 */
export { publishAfterCommit } from './after-commit';
export type { LiveEventBus } from './live-event-bus';
