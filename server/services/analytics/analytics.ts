import { rawRows } from '../../../db/tenant';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ClientAnalytics } from '../../contracts/analytics';

/** Estimated text-model price (USD per million tokens) for ai_generations usage; calls carry their own estimate. */
const TEXT_PRICE_USD_PER_M = { input: 2.5, output: 10 } as const;

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/** Usage of one client (superuser's client detail "Analytics" tab), under that tenant's RLS context. */
export async function clientAnalytics(tx: Executor, tenantId: string, now = new Date()): Promise<ClientAnalytics> {
  const since30 = new Date(now.getTime() - 30 * 86_400_000);
  const first = new Date(weekStart(now).getTime() - 7 * 7 * 86_400_000);
  const [u] = await rawRows<{ total: number; active: number }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where last_active_at >= ${since30.toISOString()}::timestamptz)::int as active from users where tenant_id = ${tenantId}`,
  );
  const [c] = await rawRows<{ calls: number; ms: string | null; cost: string | null }>(
    tx,
    sql`select count(*)::int as calls, sum(duration_ms) as ms, sum(cost_estimate_usd) as cost from calls where tenant_id = ${tenantId}`,
  );
  const [r] = await rawRows<{ avg: string | null }>(
    tx,
    sql`select avg(score) as avg from reports where tenant_id = ${tenantId} and status = 'ready'`,
  );
  const [g] = await rawRows<{ input: string | null; output: string | null; total: string | null }>(
    tx,
    sql`select sum(coalesce((usage->>'inputTokens')::bigint, 0)) as input, sum(coalesce((usage->>'outputTokens')::bigint, 0)) as output,
               sum(coalesce((usage->>'totalTokens')::bigint, 0)) as total
        from (select usage from ai_generations where tenant_id = ${tenantId} and usage is not null
              union all select usage from reports where tenant_id = ${tenantId} and usage is not null) x`,
  );
  const weekRows = await rawRows<{ week: string; calls: number; ms: string | null; avg: string | null }>(
    tx,
    sql`select to_char(date_trunc('week', c.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as calls, sum(c.duration_ms) as ms, avg(r.score) as avg
        from calls c left join reports r on r.call_id = c.id and r.status = 'ready'
        where c.tenant_id = ${tenantId} and c.created_at >= ${first.toISOString()}::timestamptz group by 1`,
  );
  const byWeek = new Map(weekRows.map((w) => [w.week, w]));
  const weeks = Array.from({ length: 8 }, (_, i) => {
    const start = new Date(first.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
    const w = byWeek.get(start);
    return {
      weekStart: start,
      calls: w ? Number(w.calls) : 0,
      minutes: round(Number(w?.ms ?? 0) / 60_000, 1),
      averageScore: w?.avg == null ? null : round(Number(w.avg), 1),
    };
  });
  const callCost = Number(c?.cost ?? 0);
  const textCost =
    (Number(g?.input ?? 0) * TEXT_PRICE_USD_PER_M.input + Number(g?.output ?? 0) * TEXT_PRICE_USD_PER_M.output) /
    1_000_000;
  return {
    users: { total: Number(u?.total ?? 0), active30d: Number(u?.active ?? 0) },
    totals: {
      calls: Number(c?.calls ?? 0),
      minutes: round(Number(c?.ms ?? 0) / 60_000, 1),
      averageScore: r?.avg == null ? null : round(Number(r.avg), 1),
      callCostUsd: round(callCost, 4),
      textTokens: Number(g?.total ?? 0),
      textCostUsd: round(textCost, 4),
      estimatedCostUsd: round(callCost + textCost, 4),
    },
    weeks,
  };
}
