/** vitest globalSetup: one migrated, seeded template database per test run (TEST_DB_MODE picks the kind). */
import { prepareTemplateDatabase } from './test-database';

export default async function setup() {
  return prepareTemplateDatabase();
}
