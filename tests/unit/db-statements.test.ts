import { describe, expect, it } from 'vitest';
import { statementOperation } from '../../server/telemetry/db-statements';

describe('statement spans: the operation of a statement', () => {
  it.each([
    ['select "id" from "users" where "id" = $1', 'select'],
    ['  INSERT INTO jobs (queue) VALUES ($1)', 'insert'],
    ['/* a comment */ update "calls" set "state" = $1', 'update'],
    ['with recent as (select 1) delete from x', 'with'],
    ['', 'query'],
  ])('%s → %s', (text, op) => {
    expect(statementOperation(text)).toBe(op);
  });
});
