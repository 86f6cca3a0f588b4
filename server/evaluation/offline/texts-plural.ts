/**
 * For one language, writes a count followed by the form of its word that the language's plural
 * rules pick ("1 question", "2 questions", "0 pergunta" in Portuguese), so the offline summaries
 * never write "question(s)". The rare "many" form of es/it/pt (round millions) takes the plural.
 */
export function countedIn(lng: string): (n: number, one: string, other: string) => string {
  const rules = new Intl.PluralRules(lng);
  return (n, one, other) => `${n} ${rules.select(n) === 'one' ? one : other}`;
}
