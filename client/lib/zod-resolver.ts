import type { z } from 'zod';

/**
 * Mantine form `validate` from a zod schema. Errors stay i18n keys (the server schemas' messages);
 * fields translate them when rendering, so a language switch re-translates shown errors.
 */
export function zodResolver<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}
