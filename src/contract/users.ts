import { z } from 'zod';

export const UserIdParamsSchema = z.object({ id: z.uuid('Unknown user') });
export const UpdateUserRequestSchema = z.strictObject({ isAvailable: z.boolean() });
