import { describe, expect, it } from 'vitest';
import type { CriterionResult } from '../../db/schema/reports';
import { attemptPasses, certificateStatus } from '../../server/services/certifications/certifications';

const quote = { quote: 'Could I have two minutes?', turnSeq: 1, startMs: 0 };
const criterion = (name: string, level: 0 | 1 | 2 | null, over: Partial<CriterionResult> = {}): CriterionResult => ({
  criterionId: name,
  name,
  level,
  originalLevel: level,
  rationale: '',
  evidence: level ? [quote] : [],
  unverified: false,
  ...over,
});

describe('a certification step’s pass rule', () => {
  const rule = {
    minScore: 60,
    minLevels: [{ criterion: 'Permission-based opener', level: 2 }],
    evidenceRequired: true,
  };

  it('passes a score at the minimum with the named criterion at its level, backed by a quote', () => {
    expect(attemptPasses(rule, { score: 60, criteria: [criterion('Permission-based opener', 2)] })).toBe(true);
    // names are matched without case or accents
    expect(attemptPasses(rule, { score: 80, criteria: [criterion('permission-based OPENER', 2)] })).toBe(true);
  });

  it('fails below the minimum score, below the level, or without the criterion', () => {
    expect(attemptPasses(rule, { score: 59.9, criteria: [criterion('Permission-based opener', 2)] })).toBe(false);
    expect(attemptPasses(rule, { score: 90, criteria: [criterion('Permission-based opener', 1)] })).toBe(false);
    expect(attemptPasses(rule, { score: 90, criteria: [criterion('Reason for the call', 2)] })).toBe(false);
    expect(attemptPasses(rule, { score: null, criteria: [criterion('Permission-based opener', 2)] })).toBe(false);
  });

  it('with evidence required, a level without a verified quote does not count', () => {
    const noQuote = criterion('Permission-based opener', 2, { evidence: [] });
    const unverified = criterion('Permission-based opener', 2, { unverified: true });
    expect(attemptPasses(rule, { score: 90, criteria: [noQuote] })).toBe(false);
    expect(attemptPasses(rule, { score: 90, criteria: [unverified] })).toBe(false);
    // a score-only rule still needs one verified quote behind the score
    const scoreOnly = { minScore: 10, minLevels: [], evidenceRequired: true };
    expect(attemptPasses(scoreOnly, { score: 50, criteria: [criterion('Other', 2, { evidence: [] })] })).toBe(false);
    expect(attemptPasses(scoreOnly, { score: 50, criteria: [criterion('Other', 1)] })).toBe(true);
    // without the requirement the level alone counts
    expect(attemptPasses({ ...rule, evidenceRequired: false }, { score: 90, criteria: [noQuote] })).toBe(true);
  });
});

describe('a certificate’s status', () => {
  const now = new Date('2027-03-01T00:00:00Z');
  it('is valid until its expiry, expired from it, revoked whenever revoked', () => {
    expect(certificateStatus({ revokedAt: null, expiresAt: null }, now)).toBe('valid');
    expect(certificateStatus({ revokedAt: null, expiresAt: new Date('2027-03-01T00:00:01Z') }, now)).toBe('valid');
    expect(certificateStatus({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(certificateStatus({ revokedAt: new Date('2026-01-01'), expiresAt: null }, now)).toBe('revoked');
  });
});
