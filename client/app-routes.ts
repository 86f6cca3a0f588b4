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
const page = (load: PageLoader) => lazy(withPageStyles(load));

type PageLoader = () => Promise<{ default: ComponentType }>;

/** One route: its path, who may open it, the shell it is drawn in, and its page (or how to load it, see `page`). */
const route = (
  path: string,
  access: Access,
  layout: RouteLayout,
  component: AppRoute['component'] | PageLoader,
): AppRoute => ({ path, access, layout, component: '$$typeof' in component ? component : page(component) });

const Meetings = page(() => import('./routes/meetings'));
const AssessmentTake = page(() => import('./routes/assessment-take'));
const AssessmentComplete = page(() => import('./routes/assessment-complete'));

/** Every route of the app except `/` (a redirect, see route-view.tsx), first match wins (specific paths before parameterised ones). */
export const APP_ROUTES: AppRoute[] = [
  route(
    '/login',
    { kind: 'guest' },
    'public',
    lazy(() => import('./routes/login')),
  ),
  route('/set-password', PUBLIC, 'public', () => import('./routes/set-password')),
  route('/auth/google/done', PUBLIC, 'bare', () => import('./routes/google-done')),
  route('/no-role-assigned', { kind: 'noRole' }, 'public', () => import('./routes/no-role-assigned')),
  route('/dashboard', roles(MANAGERS, '/assignments'), 'app', () => import('./routes/dashboard')),
  route('/profile', SIGNED_IN, 'app', () => import('./routes/profile')),
  route('/team', roles(MANAGERS), 'app', () => import('./routes/team')),
  route('/simulations', roles(MANAGERS), 'app', () => import('./routes/simulations')),
  route('/personas', roles(MANAGERS), 'app', () => import('./routes/personas')),
  route('/scorecards', roles(MANAGERS), 'app', () => import('./routes/scorecards')),
  route('/assessments', roles(MANAGERS), 'app', () => import('./routes/assessments')),
  route('/assignments/sr', roles(['sales_rep'], '/assignments'), 'app', () => import('./routes/assignments-sr')),
  route(
    '/assignments',
    roles(['admin', 'sales_manager', 'demo_sales_manager'], '/assignments/sr'),
    'app',
    () => import('./routes/assignments'),
  ),
  route('/progress', SIGNED_IN, 'app', () => import('./routes/progress')),
  route('/leaderboard', SIGNED_IN, 'app', () => import('./routes/leaderboard')),
  route('/certifications', SIGNED_IN, 'app', () => import('./routes/certifications')),
  route('/certifications/:id', SIGNED_IN, 'app', () => import('./routes/certification')),
  route('/meetings', SIGNED_IN, 'app', Meetings),
  route('/integrations/google/success', SIGNED_IN, 'app', Meetings),
  route('/cta', roles(['sales_manager']), 'app', () => import('./routes/cta')),
  // the exercise page (voice call): any signed-in user with a role
  route('/exercise/:simulationId', SIGNED_IN, 'app', () => import('./routes/exercise')),
  route('/reports/:callId', SIGNED_IN, 'app', () => import('./routes/report')),
  route('/admin', roles(['admin']), 'app', () => import('./routes/admin')),
  // the product-admin route: superuser only (superuser passes every role check, nobody else is listed)
  route('/spar-admin', roles([]), 'app', () => import('./routes/spar-admin')),
  route('/spar-admin/clients/:clientId', roles([]), 'app', () => import('./routes/spar-admin-client')),
  route('/assessment/complete', PUBLIC, 'public', AssessmentComplete),
  route('/magic-link/complete', PUBLIC, 'public', () => import('./routes/magic-link-complete')),
  route('/cta/reports/:ctaId', PUBLIC, 'public', () => import('./routes/cta-report')),
  route('/magic-link/used', PUBLIC, 'public', () => import('./routes/magic-link-used')),
  route('/assessment/:assessmentId', PUBLIC, 'public', AssessmentTake),
  route('/magic-link/:ctaId', PUBLIC, 'public', () => import('./routes/magic-link-take')),
  // a learning system's launch (SCORM package frame, LTI launch): the token is the credential
  route('/lms/launch/:id', PUBLIC, 'public', () => import('./routes/lms-launch')),
  route('/terms', PUBLIC, 'public', () => import('./routes/terms')),
  route('/privacy', PUBLIC, 'public', () => import('./routes/privacy')),
  route('/contact', PUBLIC, 'public', () => import('./routes/contact')),
  // a certificate's public verification link (signed out)
  route('/verify/:token', PUBLIC, 'public', () => import('./routes/verify')),
];

export const NotFoundPage = page(() => import('./routes/not-found'));

/** The signed-in shell (sidebar, user menu): loaded with the first signed-in page, not on /login. */
export const AppLayout = lazy(
  withPageStyles(() => import('./components/app-layout').then((m) => ({ default: m.AppLayout }))),
);
