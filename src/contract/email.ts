import { z } from 'zod';
import { EmailSchema } from './auth';

export const SendTestEmailRequestSchema = z.object({
  to: EmailSchema,
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
});
export type SendTestEmailRequest = z.input<typeof SendTestEmailRequestSchema>;

export const EMAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;
export const OutboxEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
