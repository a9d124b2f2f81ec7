/** vitest globalSetup: one migrated, seeded template database per test run. */
import { prepareTemplateDatabase } from './test-database';

export default async function setup() {
  await prepareTemplateDatabase();
}
