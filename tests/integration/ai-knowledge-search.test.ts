import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeFile, createSimulation } from '../../seed/factories';
import { withTenant } from '../../db/tenant';
import { searchKnowledge } from '../../server/ai/context';
import { queryWords } from '../../server/ai/knowledge';
import { useTestDatabase } from '../helpers/db';
import { createTenant } from '../helpers/factories';

const database = useTestDatabase();
let tenantA: string;
let tenantB: string;
let simA: string;
let simB: string;

async function addFile(tenantId: string, simulationId: string, name: string, chunks: string[], enabled = true) {
  return withTenant(database.db, tenantId, async (tx) => {
    const file = await createKnowledgeFile(tx, { tenantId, simulationId, name, enabled, chunks });
    return file.id;
  });
}

const PRICING =
  'Pricing: the list price is 900 EUR per truck per year; volume pricing and a pricing discount apply above 50 trucks.';
const SECURITY = 'Security: data is encrypted at rest and in transit, and the platform is ISO 27001 certified.';
const ONBOARDING = 'Onboarding takes four weeks with two on-site workshops for dispatchers.';
const PRICE_MENTION = 'The annual report mentions pricing once among many other topics such as fleet size and routes.';

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'alpha' })).id;
  tenantB = (await createTenant(database.db, { name: 'beta' })).id;
  simA = await withTenant(
    database.db,
    tenantA,
    async (tx) => (await createSimulation(tx, { tenantId: tenantA, name: 'A' })).id,
  );
  simB = await withTenant(
    database.db,
    tenantB,
    async (tx) => (await createSimulation(tx, { tenantId: tenantB, name: 'B' })).id,
  );
  await addFile(tenantA, simA, 'product.txt', [ONBOARDING, SECURITY, PRICE_MENTION, PRICING]);
  await addFile(
    tenantA,
    simA,
    'old-pricing.txt',
    ['Pricing pricing pricing discount: the OLD price list, withdrawn.'],
    false,
  );
  await addFile(tenantB, simB, 'beta.txt', ['Pricing discount secrets of tenant beta.']);
});

const search = (tenantId: string, simulationId: string, q: string, budget?: number) =>
  withTenant(database.db, tenantId, (tx) => searchKnowledge(tx, simulationId, q, budget));

describe('searchKnowledge', () => {
  it('ranks the chunks that match more query words first, and leaves out chunks that match none', async () => {
    const hits = await search(tenantA, simA, 'What is the pricing and is there a discount?');
    expect(hits.map((h) => h.content)).toEqual([PRICING, PRICE_MENTION]);
    expect(hits[0].rank).toBeGreaterThan(hits[1].rank);
    expect(hits[0]).toMatchObject({ fileName: 'product.txt', position: 3, truncated: false });
  });

  it('uses OR semantics: any one query word is enough', async () => {
    const hits = await search(tenantA, simA, 'encrypted workshops unicorns');
    expect(hits.map((h) => h.content).sort()).toEqual([ONBOARDING, SECURITY].sort());
  });

  it('never returns chunks of disabled files', async () => {
    const hits = await search(tenantA, simA, 'old price list withdrawn pricing');
    expect(hits.some((h) => h.content.includes('OLD price list'))).toBe(false);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('fills the character budget, skipping chunks that do not fit', async () => {
    const budget = PRICING.length + 10;
    const hits = await search(tenantA, simA, 'pricing discount', budget);
    expect(hits.map((h) => h.content)).toEqual([PRICING]);
    expect(hits.reduce((n, h) => n + h.content.length, 0)).toBeLessThanOrEqual(budget);
  });

  it('cuts the best chunk when it alone exceeds the budget', async () => {
    const hits = await search(tenantA, simA, 'pricing discount', 40);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ content: PRICING.slice(0, 40), truncated: true });
  });

  it('falls back to the first chunks of enabled files when nothing matches', async () => {
    const hits = await search(tenantA, simA, 'zebra xylophone');
    expect(hits.map((h) => h.content)).toEqual([ONBOARDING, SECURITY, PRICE_MENTION, PRICING]);
    expect(hits.every((h) => h.rank === 0)).toBe(true);
    expect((await search(tenantA, simA, '', ONBOARDING.length)).map((h) => h.content)).toEqual([ONBOARDING]);
  });

  it("stays inside the tenant: another tenant's simulation yields nothing", async () => {
    expect(await search(tenantB, simA, 'pricing discount')).toEqual([]);
    expect(await search(tenantB, simA, 'zebra')).toEqual([]);
    expect((await search(tenantB, simB, 'pricing')).map((h) => h.content)).toEqual([
      'Pricing discount secrets of tenant beta.',
    ]);
    expect((await search(tenantA, simA, 'secrets beta')).some((h) => h.content.includes('beta'))).toBe(false);
  });
});

describe('queryWords', () => {
  it('keeps distinct content words and drops function words of the four languages', () => {
    expect(queryWords('What is the PRICING, the pricing and the discount para los clientes? 2024 or 50')).toEqual([
      'pricing',
      'discount',
      'clientes',
    ]);
    expect(queryWords('Qual è il prezzo della licenza?')).toEqual(['qual', 'prezzo', 'licenza']);
  });
});
