/**
 * A form's fields with the error each one shows in place of the form's own (a server error, a
 * translated rule): `{...field('email')}` stands for
 * `{...form.getInputProps('email')} error={errorOf('email')}`.
 */
export function fieldsWithErrors<P, R extends object>(
  form: { getInputProps: (path: P) => R },
  errorOf: (path: P) => string | undefined,
) {
  return (path: P) => ({ ...form.getInputProps(path), error: errorOf(path) });
}
