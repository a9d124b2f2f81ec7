/** Jobs: the PostgreSQL job queue (pg-boss) that mail and the lot expiry run on. Started by app.ts. */
export {};
