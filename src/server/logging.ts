import type { FastifyRequest } from 'fastify';

/**
 * What a request log may say of a URL: its path and the names of its query, never a value. Values
 * carry secrets (reset and consent tokens, a `?password=` some client put there, a session id) and
 * search text people typed. Single-use consent links also carry their secret in the path.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(/(\/(?:consent|parental-consent)\/)(?!send\b)[^/?#]+/g, '$1[redacted]');
  if (queryAt === -1) return path;
  const names = url
    .slice(queryAt + 1)
    .split('#')[0]!
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      return equalsAt === -1 ? pair : `${pair.slice(0, equalsAt)}=[redacted]`;
    });
  return names.length > 0 ? `${path}?${names.join('&')}` : path;
}

/** Method, redacted URL and address only: no headers (cookies, authorization) and no body. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
