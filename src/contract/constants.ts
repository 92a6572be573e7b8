/** Spec 9: business constants shared by the server and the web client. */
export const LOCK_SECONDS = 900;
export const PASSWORD_MIN_LENGTH = 6;
/** argon2 accepts more, but an unbounded password is a cheap denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_CHECKLIST_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Issue 20: room for any real name, too little for a message smuggled into one. */
export const FULL_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const RESET_REDIRECT_DELAY_MS = 3000;
export const TEEN_MIN_AGE = 14;
export const TEEN_MAX_AGE = 18;

export const ROLES = ['teen', 'homeowner', 'coordinator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Spec 6: only teens and homeowners may self-register. */
export const SELF_REGISTER_ROLES = ['teen', 'homeowner'] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

export const CONSENT_STATUSES = ['none', 'pending', 'approved', 'declined', 'revoked'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const SUPPORT_PHONE = '+1-555-927-3591';
export const SUPPORT_EMAIL = 'support@yardly.app';
export const APP_VERSION = '1.0.0';
