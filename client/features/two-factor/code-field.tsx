import { TextInput } from '@mantine/core';
import type { Ref } from 'react';

/** Six digits from an authenticator app, a recovery code, or either (turning it off, new recovery codes). */
export type CodeKind = 'totp' | 'recovery' | 'either';

const INPUT_PROPS = {
  // the browser and the phone's keyboard offer a received one-time code; digits only
  totp: { autoComplete: 'one-time-code', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
  recovery: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 11 },
  either: { autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false, maxLength: 11 },
} as const;

/** The field of a second-factor code. */
export function CodeField({
  label,
  value,
  onChange,
  error,
  kind = 'totp',
  autoFocus = false,
  inputRef,
  description,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  kind?: CodeKind;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  description?: string;
}) {
  return (
    <TextInput
      ref={inputRef}
      label={label}
      description={description}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
      autoFocus={autoFocus}
      {...INPUT_PROPS[kind]}
      styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.15em' } }}
    />
  );
}

const TOTP = /^\d{6}$/;
const RECOVERY = /^[a-z2-7]{5}[\s-]?[a-z2-7]{5}$/i;

/** The i18n key of what is wrong with a typed code before it is sent, or undefined. */
export function codeProblem(code: string, kind: CodeKind): string | undefined {
  const c = code.trim();
  if (!c) return 'two-factor:codeRequired';
  if (kind === 'totp') return TOTP.test(c) ? undefined : 'two-factor:codeSixDigits';
  if (kind === 'recovery') return RECOVERY.test(c) ? undefined : 'two-factor:codeInvalid';
  return TOTP.test(c) || RECOVERY.test(c) ? undefined : 'two-factor:codeInvalid';
}
