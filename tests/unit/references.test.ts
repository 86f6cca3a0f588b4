import { describe, expect, it } from 'vitest';
import { citesOutsideDocument, findOutsideReferences } from '../../scripts/lib/references';

describe('citations of documents outside the repository', () => {
  it('flags a spec section and an issue number', () => {
    for (const line of [
      '// see spec §4.2',
      '// fixed in issue 12',
      ' * Hiring assessments (issue #14).',
      '/** Spec §9: 48 hours. */',
      '// limits (§ 7)',
      '// as in issues 15 and 16',
      '// reverted in (#31)',
      '// PR #5 added it',
    ]) {
      expect(citesOutsideDocument(line), line).toBe(true);
    }
  });

  it('passes ordinary comments and code', () => {
    for (const line of [
      '// candidate links expire 14 days after they are sent',
      '/** A failed logout is only logged, and the user stays where they are. */',
      'const issues = parsed.error.issues.slice(0, 5);',
      'for (const issue of result.error.issues) errors[issue.path[0]] = issue.message;',
      "'<p style=\"color:#666\">' + '&#39;'",
      "import type { Page } from '@playwright/test'; // tests/e2e/personas.spec.ts",
      '// the spec’s words are not the point; a section number is',
    ]) {
      expect(citesOutsideDocument(line), line).toBe(false);
    }
  });

  it('names the line of each hit', () => {
    expect(findOutsideReferences('a\n// see spec §4.2\nb\r\n// fixed in issue 12\n')).toEqual([
      { line: 2, text: '// see spec §4.2' },
      { line: 4, text: '// fixed in issue 12' },
    ]);
  });
});
