import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UserSchema } from '../../../contract/auth';
import { JobListSchema, ListJobsQuerySchema, type JobList } from '../../../contract/jobs';
import { EXPLORER_PATH, fillTemplate, SSR_TEMPLATE_FILE } from '../../../web/ssr/template';
import type { AppContext } from '../../context';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import { toUserDto } from '../auth/auth.service';
import { listJobs } from '../jobs/jobs.service';

/**
 * GET /job-explorer (docs/decisions/008): a signed-in teen gets the explorer rendered on the server
 * with their first page of jobs, so it paints from the HTML. Everyone else gets the SPA's shell as
 * before (signed out: the client sends them to sign in; another role: to their home).
 */
export function registerExplorerPage(app: FastifyInstance, ctx: AppContext, webRoot: string, sendShell: (reply: FastifyReply) => unknown): void {
  const template = readFileSync(path.join(webRoot, SSR_TEMPLATE_FILE), 'utf8');
  // The same serializer as GET /api/jobs: only the schema's fields reach the page.
  const serializeList = fastSerializerCompiler({ schema: JobListSchema, method: 'GET', url: EXPLORER_PATH, httpStatus: '200' });
  // The renderer brings the web app's components (React, the router, every route's table) through
  // tsx: most of a second of loading. It loads once the server listens, so start-up does not wait
  // for it; a request that comes first waits for the same load.
  let renderer: Promise<typeof import('../../../web/ssr/render-explorer')> | undefined;
  const loadRenderer = () => (renderer ??= import('../../../web/ssr/render-explorer'));
  app.addHook('onListen', async () => {
    void loadRenderer().catch((error: unknown) => app.log.error({ err: error }, 'the explorer renderer failed to load'));
  });
  // The explorers rendered last, oldest first (a Map keeps insertion order).
  const recentHtml = new Map<string, string>();
  app.get(EXPLORER_PATH, {
    config: { auth: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const user = request.user;
      if (!user || user.role !== 'teen') return sendShell(reply);
      // Exactly what GET /api/jobs answers this teen for the explorer's first page.
      const { explorerFirstPageQuery, explorerState, renderExplorerHtml } = await loadRenderer();
      const list = await listJobs(ctx, user, ListJobsQuerySchema.parse(explorerFirstPageQuery()));
      const listJson = serializeList(list);
      const firstPage = JSON.parse(listJson) as JobList;
      const account = UserSchema.parse(toUserDto(user));
      // The HTML is a function of the account and the list alone: a teen back on the explorer with
      // nothing changed costs no render (the server's answer time is most of a phone's wait for it).
      const key = createHash('sha256').update(JSON.stringify(account)).update('\0').update(listJson).digest('base64');
      let html = recentHtml.get(key);
      if (html === undefined) html = await renderExplorerHtml(account, firstPage);
      else recentHtml.delete(key);
      recentHtml.set(key, html);
      if (recentHtml.size > RECENT_HTML_KEPT) recentHtml.delete(recentHtml.keys().next().value!);
      const state = explorerState(account, firstPage);
      // One person's jobs and account: never stored by a browser or a shared cache.
      reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      return sendCompressed(reply, String(request.headers['accept-encoding'] ?? ''), fillTemplate(template, html, state));
    },
  });
}

/** Rendered explorers kept per process: about 50 kB each, so a few MB. */
const RECENT_HTML_KEPT = 100;

/**
 * The page is about 90 kB of HTML and inlined CSS, 14 kB compressed: on a slow phone link the
 * difference is half a second. Static files are precompressed at build time; this one cannot be.
 */
function sendCompressed(reply: FastifyReply, acceptEncoding: string, page: string) {
  if (/\bbr\b/.test(acceptEncoding)) {
    // Quality 5: nearly the size of 11 in about a millisecond.
    return reply.header('content-encoding', 'br').send(brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(acceptEncoding)) return reply.header('content-encoding', 'gzip').send(gzipSync(page, { level: 6 }));
  return reply.send(page);
}
