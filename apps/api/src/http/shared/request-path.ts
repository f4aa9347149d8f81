/**
 * The path of a request URL, percent-decoded as the router decodes it before matching a route
 * (the raw path when it does not decode: the router refuses such a URL anyway).
 */
export function decodedPathOf(url: string): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  // Nothing to decode (most requests): no decodeURIComponent.
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** POST /token/ (with or without the trailing slash): the one operation with Basic credentials and no body. */
export function isTokenPath(path: string): boolean {
  return /^\/api\/v1\/token\/?$/.test(path);
}

/** POST connection/{slug}/webhook/: bodies in the vendor's own format are accepted there. */
export function isWebhookPath(path: string): boolean {
  return /^\/api\/v1(\.1)?\/connection\/[a-z_]{1,32}\/webhook\/?$/.test(path);
}
