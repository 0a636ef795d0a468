import type { TestProject } from 'vitest/node';
import { createTemplateDatabase } from './template-database';

/**
 * Vitest global setup of the API test projects: migrates one template database for the run
 * (SQLite, or PostgreSQL when TEST_DATABASE_URL is set) and hands its location to the test files,
 * which copy it (`createTestDatabase`). Removed again when the run ends.
 */
export default async function setup(project: TestProject) {
  const { template, dispose } = await createTemplateDatabase(process.env.TEST_DATABASE_URL);
  project.provide('testDatabaseTemplate', template);
  return dispose;
}
