/** The seeded demo accounts (seed/demo.ts) by the key the tests use. */
export const ACCOUNTS = {
  superuser: { email: 'superuser@demo.test', username: 'superuser', home: '/spar-admin', h1: 'Spar admin' },
  admin: { email: 'admin@demo.test', username: 'admin', home: '/dashboard', h1: 'Dashboard' },
  manager: { email: 'manager@demo.test', username: 'manager', home: '/dashboard', h1: 'Dashboard' },
  rep: { email: 'rep@demo.test', username: 'rep', home: '/assignments/sr', h1: 'My assignments' },
  rep2: { email: 'rep2@demo.test', username: 'rep2', home: '/assignments/sr', h1: 'My assignments' },
  rep3: { email: 'rep3@demo.test', username: 'rep3', home: '/assignments/sr', h1: 'My assignments' },
  demoManager: { email: 'demo-manager@demo.test', username: 'demo-manager', home: '/assignments', h1: 'Assignments' },
  norole: { email: 'norole@demo.test', username: 'norole', home: '/no-role-assigned', h1: 'No role assigned' },
} as const;

export type AccountKey = keyof typeof ACCOUNTS;
export const ACCOUNT_KEYS = Object.keys(ACCOUNTS) as AccountKey[];
