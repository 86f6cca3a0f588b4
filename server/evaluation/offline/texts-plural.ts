const rules = new Map<string, Intl.PluralRules>();

/**
 * A count followed by the form of its word that the language's plural rules pick ("1 question",
 * "2 questions", "0 pergunta" in Portuguese), so the offline summaries never write "question(s)".
 * The rare "many" form of es/it/pt (round millions) takes the plural.
 */
export function counted(lng: string, n: number, one: string, other: string): string {
  let r = rules.get(lng);
  if (!r) rules.set(lng, (r = new Intl.PluralRules(lng)));
  return `${n} ${r.select(n) === 'one' ? one : other}`;
}
