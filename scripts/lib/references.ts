/**
 * Text that cites a document this repository does not hold: the product spec by section ("spec §4.2",
 * "§ 7"), a tracker's issue or pull request ("issue 12", "issues #14", "(#31)", "PR #5"). A reader of
 * the code cannot open those, so a comment must state the rule or the reason itself.
 */
const PATTERNS: readonly RegExp[] = [
  /§\s*\d/, // a numbered section of any document, "spec §4.2" included
  /\bissues?\s+#?\d+/i,
  /\((?:PR\s*)?#\d+\)/i,
  /\b(?:PR|pull request)\s*#\d+/i,
];

/** Whether one line of text cites an outside document by section or issue number. */
export function citesOutsideDocument(line: string): boolean {
  return PATTERNS.some((p) => p.test(line));
}

/** The 1-based numbers and text of the lines of `text` that cite an outside document. */
export function findOutsideReferences(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    if (citesOutsideDocument(l)) found.push({ line: i + 1, text: l.trim() });
  });
  return found;
}
