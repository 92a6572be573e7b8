import type { FastifyRequest } from 'fastify';

/**
 * Single-use links carry their secret in the URL (`/reset-password?token=`, consent links):
 * request logs keep the path but never the secret.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|key|code)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/(?:consent|parental-consent)\/)(?!send\b)[^/?#]+/g, '$1[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
