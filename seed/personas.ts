import type { Executor } from '../db/client';
import { DEMO_CONTENT_EN } from './content/en';
import type { DemoContent } from './content/types';
import { createCallInstruction } from '../server/services/call-instructions/call-instructions';
import { saveClientOverview } from '../server/services/client-overview/client-overview';
import { createIcp } from '../server/services/icps/icps';
import { createPersona } from '../server/services/personas/personas';
import { createProductGrouping } from '../server/services/product-groupings/product-groupings';

// the English demo content, which tests and benchmarks read as the seeded demo tenant
export const DEMO_CLIENT_OVERVIEW = DEMO_CONTENT_EN.clientOverview;
export const DEMO_ICPS = DEMO_CONTENT_EN.icps;
export const DEMO_PRODUCT_GROUPINGS = DEMO_CONTENT_EN.productGroupings;
export const DEMO_PERSONAS = DEMO_CONTENT_EN.personas;

/** Demo personas, ICPs, product groupings, call instructions and client overview, written through the same services the UI uses. */
export async function seedDemoTenantConfig(
  db: Executor,
  tenantId: string,
  content: DemoContent = DEMO_CONTENT_EN,
): Promise<void> {
  await saveClientOverview(db, tenantId, { details: content.clientOverview });
  for (const icp of content.icps) await createIcp(db, tenantId, icp);
  for (const product of content.productGroupings) await createProductGrouping(db, tenantId, product);
  for (const instructions of content.callInstructions) await createCallInstruction(db, tenantId, { instructions });
  for (const persona of content.personas) await createPersona(db, tenantId, persona);
}
