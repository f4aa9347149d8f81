/**
 * JSON calls to an API under benchmark: `base` + path, with an optional profile or administrator
 * bearer; a non-2xx answer throws with its status and the start of its body.
 */
export function apiClient(base: string) {
  return async (path: string, init: RequestInit & { bearer?: string } = {}): Promise<any> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.headers as Record<string, string>) };
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    const response = await fetch(`${base}${path}`, { ...init, headers });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  };
}
