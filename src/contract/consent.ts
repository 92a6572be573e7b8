import { z } from 'zod';
import { EmailSchema, FullNameSchema, personNameSchema, UserSchema } from './auth';
import { CONSENT_STATUSES } from './constants';
import { isLocalDate } from './dates';

/** Design 5: a consent link is good for signing for 7 days; revoking through it never expires. */
export const CONSENT_LINK_TTL_DAYS = 7;

/**
 * One consent request's life; `superseded` is a request replaced by a newer send (resend or correction).
 * `held`: a request to a new address after a parent decided, waiting for the area's coordinator or an
 * admin (nothing is mailed before); approving it makes it `pending` and mails the link, refusing it
 * makes it `refused`.
 */
export const CONSENT_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'revoked', 'superseded', 'held', 'refused'] as const;
export type ConsentRequestStatus = (typeof CONSENT_REQUEST_STATUSES)[number];

/** What a parent can do through the link now. */
export const CONSENT_ACTIONS = ['sign', 'decline', 'revoke'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** Digits with the usual separators; 10 to 15 digits (E.164 allows 15). */
export const PhoneSchema = z
  .string()
  .trim()
  .max(30, 'Please enter a valid phone number')
  .regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number')
  .refine((phone) => {
    const digits = phone.replace(/\D/g, '').length;
    return digits >= 10 && digits <= 15;
  }, 'Please enter a valid phone number');

/** Spec 7: POST /api/parental-consent/send; spec 5: name, email and phone are all required. */
export const SendConsentRequestSchema = z.object({
  teenId: z.uuid().optional(),
  parentName: personNameSchema("Please enter your parent's full name"),
  parentEmail: z.string().trim().min(1, "Please enter your parent's email").pipe(EmailSchema),
  parentPhone: z.string().trim().min(1, "Please enter your parent's phone number").pipe(PhoneSchema),
});
export type SendConsentRequest = z.input<typeof SendConsentRequestSchema>;

export const IsoDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
  .refine(isLocalDate, 'This date does not exist');

/** Design 6: the parent's e-signature. */
export const SignConsentRequestSchema = z.object({
  signatureName: FullNameSchema.refine((name) => name.length >= 2, 'Type your full name to sign'),
  teenDateOfBirth: IsoDateSchema,
  agree: z.literal(true, 'Tick the box to agree to the consent'),
  /** The version the parent read; a newer text on the server asks them to read again. */
  consentTextVersion: z.string().max(50).optional(),
});
export type SignConsentRequest = z.input<typeof SignConsentRequestSchema>;

/** The link's token; its shape is checked by the service, so a bogus one gets the same 404 as an unknown one. */
export const ConsentTokenParamsSchema = z.object({ token: z.string().max(200) });

export const ConsentSectionSchema = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });
export const ConsentTextSchema = z.object({
  version: z.string(),
  /** SHA-256 of the canonical text, hex: what the signature binds to. */
  sha256: z.string(),
  sections: z.array(ConsentSectionSchema),
});
export type ConsentText = z.infer<typeof ConsentTextSchema>;

/** What the public consent page shows to whoever holds the link (the parent). No contact details, no date of birth. */
export const ConsentLinkViewSchema = z.object({
  status: z.enum(CONSENT_REQUEST_STATUSES),
  teenName: z.string(),
  parentName: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  signatureName: z.string().nullable(),
  actions: z.array(z.enum(CONSENT_ACTIONS)),
  consentText: ConsentTextSchema,
});
export type ConsentLinkView = z.infer<typeof ConsentLinkViewSchema>;

/** The teen's own view of their consent: the status and the latest request. */
export const TeenConsentSchema = z.object({
  status: z.enum(CONSENT_STATUSES),
  request: z
    .object({
      id: z.uuid(),
      status: z.enum(CONSENT_REQUEST_STATUSES),
      parentName: z.string(),
      parentEmail: z.string(),
      parentPhone: z.string(),
      sentAt: z.string(),
      expiresAt: z.string(),
      /** A pending link past its 7 days: the teen should send again. */
      expired: z.boolean(),
      decidedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    })
    .nullable(),
});
export type TeenConsent = z.infer<typeof TeenConsentSchema>;

export const SendConsentResponseSchema = z.object({ consent: TeenConsentSchema, user: UserSchema });
export type SendConsentResponse = z.infer<typeof SendConsentResponseSchema>;

export const ConsentDecisionResponseSchema = z.object({ message: z.string(), view: ConsentLinkViewSchema });
export type ConsentDecisionResponse = z.infer<typeof ConsentDecisionResponseSchema>;

/** Admins only: the evidence of one request. */
export const ConsentEvidenceSchema = z.object({
  id: z.uuid(),
  status: z.enum(CONSENT_REQUEST_STATUSES),
  teen: z.object({ id: z.uuid(), fullName: z.string(), email: z.string() }),
  parent: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  sentAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  signature: z
    .object({
      signatureName: z.string(),
      teenDateOfBirth: z.string(),
      consentTextVersion: z.string(),
      consentTextSha256: z.string(),
      signedAt: z.string(),
      ipAddress: z.string(),
      userAgent: z.string().nullable(),
      teenName: z.string(),
      teenEmail: z.string(),
      parentName: z.string(),
      parentEmail: z.string(),
      parentPhone: z.string(),
    })
    .nullable(),
  events: z.array(
    z.object({
      action: z.string(),
      fromStatus: z.enum(CONSENT_REQUEST_STATUSES).nullable(),
      toStatus: z.enum(CONSENT_REQUEST_STATUSES),
      actor: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ConsentEvidence = z.infer<typeof ConsentEvidenceSchema>;

export const ConsentEvidenceListSchema = z.object({ consents: z.array(ConsentEvidenceSchema) });
export type ConsentEvidenceList = z.infer<typeof ConsentEvidenceListSchema>;

export const ListConsentsQuerySchema = z.object({
  status: z.enum(CONSENT_REQUEST_STATUSES).optional(),
  teenId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Issue 20: a request to a new address after a parent answered, waiting in the console of the teen's
 * area coordinator (their area's) or an admin (all). They may see the teen's full name and both
 * parents' details: the privacy rule gives minors' data to the area's coordinator and admins.
 */
export const HeldConsentRequestSchema = z.object({
  id: z.uuid(),
  teen: z.object({ id: z.uuid(), fullName: z.string() }),
  /** The parent who signed (then revoked) or declined before; told of this request when it was made. */
  earlierParent: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      answer: z.enum(['declined', 'revoked']),
      answeredAt: z.string(),
    })
    .nullable(),
  newParent: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  requestedAt: z.string(),
});
export type HeldConsentRequest = z.infer<typeof HeldConsentRequestSchema>;

export const HeldConsentRequestListSchema = z.object({ requests: z.array(HeldConsentRequestSchema) });
export type HeldConsentRequestList = z.infer<typeof HeldConsentRequestListSchema>;

export const ConsentRequestIdParamsSchema = z.object({ id: z.uuid('Unknown consent request') });

/** What a coordinator or an admin answers to a held request. */
export const HELD_CONSENT_ANSWERS = ['approve', 'refuse'] as const;
export type HeldConsentAnswer = (typeof HELD_CONSENT_ANSWERS)[number];
