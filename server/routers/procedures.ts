import { ACCESS } from '../access/roles';
import { accessProcedure } from '../trpc/init';

// The procedures of a tenant's configuration. A superuser may name a client (clientId); their
// writes there are audited, as on every client-scoped procedure.

/** The tenant's admins and managers: they configure simulations and read the configuration for the wizard. */
export const tenantManagers = () => accessProcedure({ roles: ACCESS.managers, clientScoped: true });

/** The tenant's admins: the admin area (/admin) edits the tenant's configuration, which is theirs. */
export const tenantAdmins = () => accessProcedure({ roles: ACCESS.admins, clientScoped: true });
