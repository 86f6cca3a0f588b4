import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rawRows } from '../../db/tenant';

export interface KnowledgeExcerpt {
  fileId: string;
  fileName: string;
  position: number;
  content: string;
  /** ts_rank against the query; 0 for the fallback (no match) excerpts. */
  rank: number;
  /** The chunk was longer than the whole budget and was cut. */
  truncated: boolean;
}

/** Default character budget for knowledge excerpts in one prompt. */
export const KNOWLEDGE_BUDGET_CHARS = 6000;
const MAX_QUERY_WORDS = 64;
const MAX_ROWS = 200;

// Function words of the four languages: with the 'simple' configuration they are not removed by
// Postgres, and in an OR query they would match nearly every chunk.
const STOPWORDS = new Set(
  (
    'the and for with that this from are was were have has had not but you your our their they them its his her she him who what when where which how why ' +
    'will would can could should about into over than then there these those also just more most some such only very been being does did doing each other ' +
    'los las del por para con una uno unos unas que como pero sus más este esta estos estas ese esa son fue ser está están muy sin sobre entre cuando ' +
    'gli della delle degli dei per con una uno che come sono nel nella alla alle anche più questo questa quello quella non tra fra suo sua loro ' +
    'das dos com uma umas uns que como mas seu sua seus suas mais este esta isso essa são foi ser está estão muito sem sobre entre quando pelo pela ' +
    'or and'
  ).split(/\s+/),
);

/** Distinct content words of `text`, lowercased, in order of first appearance. */
export function queryWords(text: string, max = MAX_QUERY_WORDS): string[] {
  const seen = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 3 || STOPWORDS.has(w) || /^\d+$/.test(w) || seen.has(w)) continue;
    seen.add(w);
    if (seen.size >= max) break;
  }
  return [...seen];
}

interface ChunkRow {
  file_id: string;
  file_name: string;
  position: number;
  content: string;
  rank: number | string | null;
}

function fillBudget(rows: ChunkRow[], budgetChars: number): KnowledgeExcerpt[] {
  const out: KnowledgeExcerpt[] = [];
  let left = budgetChars;
  for (const r of rows) {
    if (left <= 0) break;
    const base = { fileId: r.file_id, fileName: r.file_name, position: Number(r.position), rank: Number(r.rank ?? 0) };
    if (r.content.length <= left) {
      out.push({ ...base, content: r.content, truncated: false });
      left -= r.content.length;
    } else if (out.length === 0) {
      // the best chunk alone exceeds the budget: a cut excerpt beats none
      out.push({ ...base, content: r.content.slice(0, left), truncated: true });
      left = 0;
    }
    // otherwise skip it: a smaller, lower-ranked chunk may still fit
  }
  return out;
}

/**
 * The chunks of the simulation's ENABLED knowledge files most relevant to `queryText`, best
 * first, within `budgetChars` characters. Postgres full-text search ('simple' configuration) with
 * OR semantics over the query's content words, ranked by ts_rank; when nothing matches, the first
 * chunks of the files. Row-level security of `tx` keeps it inside the tenant.
 */
export async function searchKnowledge(
  tx: Executor,
  simulationId: string,
  queryText: string,
  budgetChars = KNOWLEDGE_BUDGET_CHARS,
): Promise<KnowledgeExcerpt[]> {
  if (budgetChars <= 0) return [];
  const words = queryWords(queryText);
  if (words.length > 0) {
    // websearch syntax never raises on user text; "a or b" is an OR query
    const tsquery = words.join(' or ');
    const ranked = await rawRows<ChunkRow>(
      tx,
      sql`select c.file_id, f.name as file_name, c.position, c.content, ts_rank(c.tsv, q.query) as rank
          from knowledge_chunks c
          join knowledge_files f on f.id = c.file_id
          cross join (select websearch_to_tsquery('simple', ${tsquery}) as query) q
          where c.simulation_id = ${simulationId} and f.enabled and c.tsv @@ q.query
          order by rank desc, f.created_at, f.id, c.position
          limit ${MAX_ROWS}`,
    );
    if (ranked.length > 0) return fillBudget(ranked, budgetChars);
  }
  const first = await rawRows<ChunkRow>(
    tx,
    sql`select c.file_id, f.name as file_name, c.position, c.content, 0 as rank
        from knowledge_chunks c
        join knowledge_files f on f.id = c.file_id
        where c.simulation_id = ${simulationId} and f.enabled
        order by f.created_at, f.id, c.position
        limit ${MAX_ROWS}`,
  );
  return fillBudget(first, budgetChars);
}
