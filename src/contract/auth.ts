import { z } from 'zod';
import {
  CONSENT_STATUSES,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  SELF_REGISTER_ROLES,
  USERNAME_CHECKLIST_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants';

export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const UsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_CHECKLIST_MIN_LENGTH, 'Username must be at least 3 characters long')
  .max(USERNAME_MAX_LENGTH, 'Username must be at most 30 characters long')
  .regex(/^[A-Za-z0-9_]+$/, 'Username may contain only letters, digits and underscores');

/**
 * Issue 20: a person's name is text the app mails to other people (a teen's name goes to the parent
 * they name), so it holds no link and no address.
 */
const LINK_OR_ADDRESS = /:\/\/|www\.|@/i;

/** Every person name the app accepts (sign-up, a parent's name, a signature): one rule, one place. */
export function personNameSchema(requiredMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(FULL_NAME_MAX_LENGTH, 'Full name is too long')
    .refine((name) => !LINK_OR_ADDRESS.test(name), 'A name cannot contain a link or an email address');
}

export const FullNameSchema = personNameSchema('Please enter your full name');

export const ZipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'ZIP code must be 5 digits');

export const RoleSchema = z.enum(ROLES);
export const ConsentStatusSchema = z.enum(CONSENT_STATUSES);

export const RegisterRequestSchema = z.object({
  role: z.enum(SELF_REGISTER_ROLES, 'Please select your role (Teen Worker or Homeowner)'),
  fullName: FullNameSchema,
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  zipCode: ZipCodeSchema,
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX_LENGTH).transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'The reset token is missing').max(200),
  newPassword: PasswordSchema,
});

/** The signed-in user as the client holds it (spec 3, User). Never carries secrets. */
export const UserSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  zipCode: z.string().nullable(),
  isAvailable: z.boolean(),
  parentalConsentStatus: ConsentStatusSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const MessageSchema = z.object({ message: z.string() });
