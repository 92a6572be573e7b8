import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UserSchema, type User } from '../../../contract/auth';
import { JobListSchema, ListJobsQuerySchema, type JobList } from '../../../contract/jobs';
import type { AppContext } from '../../context';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import { toUserDto } from '../auth/auth.service';
import { listJobs } from '../jobs/job-queries';

/** The web app's renderer of the explorer: the same components as the browser's (src/ssr). */
export interface ExplorerRenderer {
  /** GET /api/jobs's query for the explorer's first page: the server lists with exactly this. */
  explorerFirstPageQuery(): Record<string, string>;
  /** The app's HTML for the explorer as `user` sees it with `firstPage`; the same inputs give the same HTML. */
  renderExplorerHtml(user: User, firstPage: JobList): Promise<string>;
  /** The state the browser hydrates that HTML with, as of now (never kept). */
  explorerState(user: User, firstPage: JobList): string;
}

/**
 * How the explorer is rendered on the server, given to buildApp by the entry point (src/main.ts), so
 * that the server's modules never load React themselves. Without it the explorer is the SPA's shell.
 */
export interface ExplorerRendering {
  path: string;
  /** The build's template in the web root, which the app's HTML and state are filled into. */
  templateFile: string;
  fillTemplate(template: string, html: string, state: string): string;
  /** Loads the renderer: it brings React, the router and every route's table (most of a second). */
  load(): Promise<ExplorerRenderer>;
}

/**
 * GET /job-explorer (docs/decisions/008): a signed-in teen gets the explorer rendered on the server
 * with their first page of jobs, so it paints from the HTML. Everyone else gets the SPA's shell as
 * before (signed out: the client sends them to sign in; another role: to their home).
 */
export function registerExplorerPage(
  app: FastifyInstance,
  ctx: AppContext,
  rendering: ExplorerRendering,
  webRoot: string,
  sendShell: (reply: FastifyReply) => unknown,
): void {
  const template = readFileSync(path.join(webRoot, rendering.templateFile), 'utf8');
  // The same serializer as GET /api/jobs: only the schema's fields reach the page.
  const serializeList = fastSerializerCompiler({ schema: JobListSchema, method: 'GET', url: rendering.path, httpStatus: '200' });
  // The renderer loads once the server listens, so start-up does not wait for it; a request that
  // comes first waits for the same load.
  let renderer: Promise<ExplorerRenderer> | undefined;
  const loadRenderer = () => (renderer ??= rendering.load());
  app.addHook('onListen', async () => {
    void loadRenderer().catch((error: unknown) => app.log.error({ err: error }, 'the explorer renderer failed to load'));
  });
  // The explorers rendered last, oldest first (a Map keeps insertion order).
  const recentHtml = new Map<string, string>();
  app.get(rendering.path, {
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
      return sendCompressed(reply, String(request.headers['accept-encoding'] ?? ''), rendering.fillTemplate(template, html, state));
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
