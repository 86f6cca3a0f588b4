/** The statuses the server's own OpenAPI document lists for one operation (`GET /api/v1/openapi.json`). */
export async function documentedStatuses(baseUrl: string, method: string, path: string): Promise<string[]> {
  const doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  return Object.keys(operation.responses);
}
