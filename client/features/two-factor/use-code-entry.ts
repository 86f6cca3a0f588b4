import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeProblem, type CodeKind } from './code-field';

/** A code typed into one field, checked before it is sent; the field is focused again after an error. */
export function useCodeEntry(kind: CodeKind) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  return {
    code,
    ref,
    fieldError,
    change: (v: string) => {
      setCode(v);
      setFieldError(undefined);
    },
    /** The code to send, or null after showing what is wrong with it. */
    checked: (): string | null => {
      const problem = codeProblem(code, kind);
      setFieldError(problem && t(problem));
      if (problem) ref.current?.focus();
      return problem ? null : code.trim();
    },
    reset: () => {
      setCode('');
      ref.current?.focus();
    },
  };
}
