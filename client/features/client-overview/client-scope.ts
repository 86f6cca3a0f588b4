const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ClientScope {
  /** Spread into every tRPC input: names the client a superuser edits, nothing for a tenant's own staff. */
  input: { clientId?: string };
  /** A panel was given a client id that is empty or not an id (the detail page lost it): loading and saving are blocked. */
  missing: boolean;
}

/** The configuration panels' `clientId` prop, checked once: a missing client id blocks saving. */
export function clientScope(clientId: string | undefined): ClientScope {
  if (clientId === undefined) return { input: {}, missing: false };
  return { input: { clientId }, missing: !UUID.test(clientId) };
}
