import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './pglite-template';
import { prepareServer } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite template dump (absent when DATABASE_URL is set). */
    pgliteTemplate: string | null;
  }
}

/** Runs once per integration run, before any worker starts. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    await prepareServer(url);
    project.provide('pgliteTemplate', null);
    return;
  }
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
}
