import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Access } from './lib/access';
import { loadPageTexts } from './lib/i18n';
import type { Role } from './lib/roles';

type RouteLayout = 'app' | 'public' | 'bare';

export interface AppRoute {
  path: string;
  access: Access;
  layout: RouteLayout;
  component: LazyExoticComponent<ComponentType>;
}

const MANAGERS: readonly Role[] = ['admin', 'sales_manager'];
const roles = (r: readonly Role[], fallback?: string): Access => ({ kind: 'roles', roles: r, fallback });
const PUBLIC: Access = { kind: 'public' };
const SIGNED_IN: Access = { kind: 'signedIn' };

/**
 * A page loaded with the styles of the Mantine components the pages after /login use
 * (styles/mantine-pages.css) and the texts of their namespaces (lib/i18n.ts): /login itself needs
 * only styles/mantine-first.css (main.tsx) and the `common` texts. A text chunk that fails to load
 * does not keep the page from drawing (its keys show).
 */
const withPageStyles =
  <T>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), import('./styles/mantine-pages.css'), loadPageTexts().catch(() => undefined)]).then(
      ([m]) => m,
    );
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withPageStyles(load));

const Meetings = page(() => import('./routes/meetings'));
const AssessmentTake = page(() => import('./routes/assessment-take'));
const AssessmentComplete = page(() => import('./routes/assessment-complete'));

/** Every route of the app except `/` (a redirect, see route-view.tsx), first match wins (specific paths before parameterised ones). */
export const APP_ROUTES: AppRoute[] = [
  { path: '/login', access: { kind: 'guest' }, layout: 'public', component: lazy(() => import('./routes/login')) },
  {
    path: '/set-password',
    access: PUBLIC,
    layout: 'public',
    component: page(() => import('./routes/set-password')),
  },
  { path: '/auth/google/done', access: PUBLIC, layout: 'bare', component: page(() => import('./routes/google-done')) },
  {
    path: '/no-role-assigned',
    access: { kind: 'noRole' },
    layout: 'public',
    component: page(() => import('./routes/no-role-assigned')),
  },
  {
    path: '/dashboard',
    access: roles(MANAGERS, '/assignments'),
    layout: 'app',
    component: page(() => import('./routes/dashboard')),
  },
  { path: '/profile', access: SIGNED_IN, layout: 'app', component: page(() => import('./routes/profile')) },
  { path: '/team', access: roles(MANAGERS), layout: 'app', component: page(() => import('./routes/team')) },
  {
    path: '/simulations',
    access: roles(MANAGERS),
    layout: 'app',
    component: page(() => import('./routes/simulations')),
  },
  { path: '/personas', access: roles(MANAGERS), layout: 'app', component: page(() => import('./routes/personas')) },
  { path: '/scorecards', access: roles(MANAGERS), layout: 'app', component: page(() => import('./routes/scorecards')) },
  {
    path: '/assessments',
    access: roles(MANAGERS),
    layout: 'app',
    component: page(() => import('./routes/assessments')),
  },
  {
    path: '/assignments/sr',
    access: roles(['sales_rep'], '/assignments'),
    layout: 'app',
    component: page(() => import('./routes/assignments-sr')),
  },
  {
    path: '/assignments',
    access: roles(['admin', 'sales_manager', 'demo_sales_manager'], '/assignments/sr'),
    layout: 'app',
    component: page(() => import('./routes/assignments')),
  },
  { path: '/meetings', access: SIGNED_IN, layout: 'app', component: Meetings },
  { path: '/integrations/google/success', access: SIGNED_IN, layout: 'app', component: Meetings },
  { path: '/cta', access: roles(['sales_manager']), layout: 'app', component: page(() => import('./routes/cta')) },
  // the exercise page (voice call): any signed-in user with a role
  {
    path: '/exercise/:simulationId',
    access: SIGNED_IN,
    layout: 'app',
    component: page(() => import('./routes/exercise')),
  },
  { path: '/reports/:callId', access: SIGNED_IN, layout: 'app', component: page(() => import('./routes/report')) },
  { path: '/admin', access: roles(['admin']), layout: 'app', component: page(() => import('./routes/admin')) },
  // the product-admin route: superuser only (superuser passes every role check, nobody else is listed)
  { path: '/spar-admin', access: roles([]), layout: 'app', component: page(() => import('./routes/spar-admin')) },
  {
    path: '/spar-admin/clients/:clientId',
    access: roles([]),
    layout: 'app',
    component: page(() => import('./routes/spar-admin-client')),
  },
  { path: '/assessment/complete', access: PUBLIC, layout: 'public', component: AssessmentComplete },
  {
    path: '/magic-link/complete',
    access: PUBLIC,
    layout: 'public',
    component: page(() => import('./routes/magic-link-complete')),
  },
  {
    path: '/cta/reports/:ctaId',
    access: PUBLIC,
    layout: 'public',
    component: page(() => import('./routes/cta-report')),
  },
  {
    path: '/magic-link/used',
    access: PUBLIC,
    layout: 'public',
    component: page(() => import('./routes/magic-link-used')),
  },
  { path: '/assessment/:assessmentId', access: PUBLIC, layout: 'public', component: AssessmentTake },
  {
    path: '/magic-link/:ctaId',
    access: PUBLIC,
    layout: 'public',
    component: page(() => import('./routes/magic-link-take')),
  },
  { path: '/terms', access: PUBLIC, layout: 'public', component: page(() => import('./routes/terms')) },
  { path: '/privacy', access: PUBLIC, layout: 'public', component: page(() => import('./routes/privacy')) },
  { path: '/contact', access: PUBLIC, layout: 'public', component: page(() => import('./routes/contact')) },
];

export const NotFoundPage = page(() => import('./routes/not-found'));

/** The signed-in shell (sidebar, user menu): loaded with the first signed-in page, not on /login. */
export const AppLayout = lazy(
  withPageStyles(() => import('./components/app-layout').then((m) => ({ default: m.AppLayout }))),
);
