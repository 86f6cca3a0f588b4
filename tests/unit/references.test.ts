import { describe, expect, it } from 'vitest';
import { citesOutsideDocument, findOutsideReferences } from '../../scripts/lib/references';

describe('citations of documents outside the repository', () => {
  // spec sections and issue numbers are flagged; ordinary comments and code pass
  it.each([
    ['// see spec §4.2', true],
    ['// fixed in issue 12', true],
    [' * Hiring assessments (issue #14).', true],
    ['/** Spec §9: 48 hours. */', true],
    ['// limits (§ 7)', true],
    ['// as in issues 15 and 16', true],
    ['// reverted in (#31)', true],
    ['// PR #5 added it', true],
    ['// candidate links expire 14 days after they are sent', false],
    ['/** A failed logout is only logged, and the user stays where they are. */', false],
    ['const issues = parsed.error.issues.slice(0, 5);', false],
    ['for (const issue of result.error.issues) errors[issue.path[0]] = issue.message;', false],
    ["'<p style=\"color:#666\">' + '&#39;'", false],
    ["import type { Page } from '@playwright/test'; // tests/e2e/personas.spec.ts", false],
    ['// the spec’s words are not the point; a section number is', false],
  ])('%s: %s', (line, flagged) => {
    expect(citesOutsideDocument(line)).toBe(flagged);
  });

  it('names the line of each hit', () => {
    expect(findOutsideReferences('a\n// see spec §4.2\nb\r\n// fixed in issue 12\n')).toEqual([
      { line: 2, text: '// see spec §4.2' },
      { line: 4, text: '// fixed in issue 12' },
    ]);
  });
});
