// Where a signed-out user was going, so sign-in can bring them back (per tab).
const KEY = 'spar.returnTo';

function isSafePath(path: string | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login');
}

export function rememberReturnTo(path: string) {
  if (!isSafePath(path) || path === '/') return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    /* storage disabled: sign-in goes to the user's home */
  }
}

export function peekReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return isSafePath(path) ? path : null;
  } catch {
    return null;
  }
}

export function clearReturnTo() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
