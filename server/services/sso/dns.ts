import { Resolver } from 'node:dns/promises';

/**
 * The TXT records of a name, as strings (a record's chunks joined). `servers` (host:port) are the
 * resolvers to ask, the system's when empty. No record, no such name or no answer: an empty list.
 */
export async function txtRecords(name: string, servers: string[] = []): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
}
