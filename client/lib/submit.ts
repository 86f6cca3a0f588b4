import type { FormEvent } from 'react';

/** A form's onSubmit that keeps the browser from navigating and runs `run` instead. */
export function submitWith(run: () => unknown) {
  return (e: FormEvent) => {
    e.preventDefault();
    void run();
  };
}
