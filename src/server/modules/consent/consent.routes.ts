import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { MessageSchema } from '../../../contract/auth';
import {
  ConsentDecisionResponseSchema,
  ConsentRequestIdParamsSchema,
  ConsentEvidenceListSchema,
  ConsentLinkViewSchema,
  ConsentTokenParamsSchema,
  HELD_CONSENT_ANSWERS,
  HeldConsentRequestListSchema,
  ListConsentsQuerySchema,
  SendConsentRequestSchema,
  SendConsentResponseSchema,
  SignConsentRequestSchema,
  TeenConsentSchema,
} from '../../../contract/consent';
import { ErrorBodySchema } from '../../../contract/errors';
import { ParentLimitsSchema } from '../../../contract/safety';
import { UserIdParamsSchema } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireReadableUser, requireUser } from '../../plugins/auth';
import { LIMITS } from '../../plugins/rate-limit';
import { decideThroughLink, viewConsentLink } from './consent-link.service';
import { answerHeldRequest, listHeldRequests } from './consent-review.service';
import type { RequestOrigin } from './consent-records';
import { getTeenConsent, listConsentEvidence, sendConsentRequest } from './consent.service';
import { setParentLimits, viewParentLimits } from './parent-limits.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 410: ErrorBodySchema };
const originOf = (request: FastifyRequest): RequestOrigin => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * Spec 7 and design 6. The teen's own calls need their session; the parent has no account, so the
 * link's calls are public and the token (unguessable, hashed at rest, single-use for signing) is the
 * credential.
 */
export function consentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/parental-consent/send', {
      config: { auth: ['teen'], limits: [LIMITS.consentEmailsPerTeen] },
      schema: {
        tags: ['parental consent'],
        summary: "Email the parent a consent link (again, or to a corrected address: the older link stops working)",
        body: SendConsentRequestSchema,
        response: { 201: SendConsentResponseSchema, ...errors, 429: ErrorBodySchema },
      },
      handler: async (request, reply) => reply.status(201).send(await sendConsentRequest(ctx, requireUser(request), request.body, originOf(request))),
    });

    app.get('/api/users/:id/parental-consent', {
      config: { auth: ['teen', 'admin'] },
      schema: {
        tags: ['parental consent'],
        summary: "A teen's consent status and latest request (the teen themself or an admin)",
        params: UserIdParamsSchema,
        response: { 200: TeenConsentSchema, ...errors },
      },
      handler: (request) => {
        requireReadableUser(request, request.params.id);
        return getTeenConsent(ctx, request.params.id);
      },
    });

    // Issue 20: requests held after a parent answered, for the teen's area coordinator or an admin.
    app.get('/api/parental-consent/held', {
      config: { auth: ['coordinator', 'admin'] },
      schema: {
        tags: ['parental consent'],
        summary: "Consent requests to a new address after a parent answered, waiting for approval (a coordinator: their area's teens; an admin: all)",
        response: { 200: HeldConsentRequestListSchema, ...errors },
      },
      handler: async (request) => ({ requests: await listHeldRequests(ctx, requireUser(request)) }),
    });

    for (const answer of HELD_CONSENT_ANSWERS) {
      app.post(`/api/parental-consent/held/:id/${answer}`, {
        config: { auth: ['coordinator', 'admin'] },
        schema: {
          tags: ['parental consent'],
          summary:
            answer === 'approve'
              ? "Approve a held request: the parent's link is emailed now (the teen's area coordinator or an admin)"
              : 'Refuse a held request: nothing is emailed, the teen is told (the teen\'s area coordinator or an admin)',
          params: ConsentRequestIdParamsSchema,
          response: { 200: MessageSchema, ...errors },
        },
        handler: (request) => answerHeldRequest(ctx, requireUser(request), request.params.id, answer, originOf(request)),
      });
    }

    app.get('/api/parental-consent/:token', {
      config: { auth: 'public' },
      schema: {
        tags: ['parental consent'],
        summary: 'What the consent link shows the parent: who asked, the consent text, what can be done now',
        params: ConsentTokenParamsSchema,
        response: { 200: ConsentLinkViewSchema, ...errors },
      },
      handler: async (request, reply) => {
        // The page carries a secret in its URL: keep it out of caches.
        reply.header('cache-control', 'no-store');
        return viewConsentLink(ctx, request.params.token);
      },
    });

    app.post('/api/parental-consent/:token/sign', {
      config: { auth: 'public' },
      schema: {
        tags: ['parental consent'],
        summary: "Sign: the typed full name, the teen's date of birth (14-18 today) and agree: true",
        params: ConsentTokenParamsSchema,
        body: SignConsentRequestSchema,
        response: { 200: ConsentDecisionResponseSchema, ...errors },
      },
      handler: (request) => decideThroughLink(ctx, request.params.token, 'sign', originOf(request), request.body),
    });

    for (const action of ['decline', 'revoke'] as const) {
      app.post(`/api/parental-consent/:token/${action}`, {
        config: { auth: 'public' },
        schema: {
          tags: ['parental consent'],
          summary: action === 'decline' ? 'Decline a pending request' : 'Revoke an approved consent: the teen cannot lock or accept new jobs from now on',
          params: ConsentTokenParamsSchema,
          response: { 200: ConsentDecisionResponseSchema, ...errors },
        },
        handler: (request) => decideThroughLink(ctx, request.params.token, action, originOf(request)),
      });
    }

    app.get('/api/parental-consent/:token/limits', {
      config: { auth: 'public' },
      schema: {
        tags: ['parental consent'],
        summary: "The parent's own limits on their teen's work, through the link of the consent they signed (while it stands)",
        params: ConsentTokenParamsSchema,
        response: { 200: ParentLimitsSchema, ...errors },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return viewParentLimits(ctx, request.params.token);
      },
    });

    app.put('/api/parental-consent/:token/limits', {
      config: { auth: 'public' },
      schema: {
        tags: ['parental consent'],
        summary:
          "Set the parent's own limits (fewer hours a week, an earlier finish, kinds of job not allowed, no hard jobs): they only tighten the law; the teen is notified of a change",
        params: ConsentTokenParamsSchema,
        body: ParentLimitsSchema,
        response: { 200: ParentLimitsSchema, ...errors },
      },
      handler: (request) => setParentLimits(ctx, request.params.token, request.body),
    });

    app.get('/api/admin/parental-consents', {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Consent requests with their signature evidence and history, newest first',
        querystring: ListConsentsQuerySchema,
        response: { 200: ConsentEvidenceListSchema, ...errors },
      },
      handler: async (request) => ({ consents: await listConsentEvidence(ctx, request.query) }),
    });
  };
}
