/** The routes to fuzz, read from the server's own OpenAPI document, so a new route is covered the day it lands. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Field names the route reads from its body (POST) or query (GET). */
  fields: string[];
  /** Names of the path's parameters (`/api/pay/sandbox/{id}`). */
  pathParams: string[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

export function routesOf(document: OpenApiDocument): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [name, operation] of Object.entries(operations)) {
      const method = name.toUpperCase();
      if (!METHODS.has(method) || !path.startsWith('/api/')) continue;
      const content = operation.requestBody?.content ?? {};
      const bodyFields = Object.values(content).flatMap((media) =>
        Object.keys(media.schema?.properties ?? {}),
      );
      const parametersIn = (place: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === place)
          .map((parameter) => parameter.name);
      const queryFields = parametersIn('query');
      routes.push({
        method: method as FuzzRoute['method'],
        path,
        fields: [...new Set([...bodyFields, ...queryFields])],
        pathParams: parametersIn('path'),
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
