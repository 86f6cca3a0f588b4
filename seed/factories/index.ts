/**
 * Factories for every entity, shared by the demo seed (seed/*.ts) and the tests. Each writes one
 * row (and its children) through the handle it is given, so the caller chooses the tenant
 * transaction (`withTenant`) or the system path (`asSystem`); only the tenant is required, the rest
 * has plain defaults.
 */
export * from './tenancy';
export * from './config';
export * from './scorecards';
export * from './simulations';
export * from './calls';
export * from './assignments';
export * from './system';
