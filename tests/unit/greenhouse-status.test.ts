import { describe, expect, it } from 'vitest';
import { ASSESSMENT_STATUSES } from '../../server/contracts/enums';
import { GREENHOUSE_STATUSES } from '../../server/contracts/greenhouse';
import { partnerStatus } from '../../server/services/greenhouse/greenhouse';
import { englishMessage } from '../../server/integrations/greenhouse/validation';

describe('partner_status: our assessment states in the words test_status answers', () => {
  const cases: [Parameters<typeof partnerStatus>[0], Parameters<typeof partnerStatus>[1], string][] = [
    ['created', null, 'sent'],
    ['opened', null, 'opened'],
    ['started', null, 'in_progress'],
    ['in_progress', null, 'in_progress'],
    ['expired', null, 'expired'],
    // the call is over, the report not yet final: never "complete" (Greenhouse would stop polling without a score)
    ['completed', null, 'scoring'],
    ['completed', { status: 'pending', score: null }, 'scoring'],
    ['completed', { status: 'failed', score: null }, 'scoring_failed'],
    ['completed', { status: 'ready', score: null }, 'scoring_failed'],
    ['completed', { status: 'ready', score: '72.50' }, 'complete'],
    ['completed', { status: 'ready', score: 0 }, 'complete'],
  ];
  for (const [status, report, expected] of cases)
    it(`${status} with report ${JSON.stringify(report)} → ${expected}`, () =>
      expect(partnerStatus(status, report)).toBe(expected));

  it('every state has a value, and every value is in the documented vocabulary', () => {
    for (const s of ASSESSMENT_STATUSES)
      expect(GREENHOUSE_STATUSES).toContain(partnerStatus(s, { status: 'ready', score: 1 }));
  });
});

describe('English messages of validation keys', () => {
  it('resolves assessments and common keys, and leaves anything else alone', () => {
    expect(englishMessage('assessments.validation.emailInvalid')).toBe('Invalid email format');
    expect(englishMessage('validation.textInvalid')).toBe('Please enter text here.');
    expect(englishMessage('assessments.validation.nope')).toBeNull();
    expect(englishMessage('Invalid URL')).toBeNull();
  });
});
