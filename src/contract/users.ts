import { z } from 'zod';
import { FullNameSchema, UserSchema, ZipCodeSchema } from './auth';

export const UserIdParamsSchema = z.object({ id: z.uuid('Unknown user') });

const BASE_BOTH = 'Give both the latitude and the longitude of your base, or neither';

/**
 * Edit Profile (issue 16): a person's full name and ZIP code, by sign-up's rules; either or both.
 * A coordinator's ZIP codes are the admins' to set, so only teens and homeowners change a ZIP code.
 */
export const ProfileChangesSchema = z
  .strictObject({ fullName: FullNameSchema.optional(), zipCode: ZipCodeSchema.optional() })
  .refine((changes) => changes.fullName !== undefined || changes.zipCode !== undefined, { message: 'Give a full name or a ZIP code to change', path: ['fullName'] });
export type ProfileChanges = z.infer<typeof ProfileChangesSchema>;

/**
 * PATCH /api/users/{id}: a teen's availability, a coordinator's base (issue 17: where their routes
 * start and end; null and null go back to their first ZIP code's centre), or a person's profile.
 */
export const UpdateUserRequestSchema = z.union([
  z.strictObject({ isAvailable: z.boolean() }),
  z
    .strictObject({
      baseLatitude: z.number().min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90').nullable(),
      baseLongitude: z.number().min(-180, 'Longitude is between -180 and 180').max(180, 'Longitude is between -180 and 180').nullable(),
    })
    .refine((base) => (base.baseLatitude === null) === (base.baseLongitude === null), { message: BASE_BOTH, path: ['baseLongitude'] }),
  ProfileChangesSchema,
]);
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** The user as before, and a coordinator's base (null when not set, and for everyone else). */
export const UpdatedUserSchema = UserSchema.extend({
  base: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type UpdatedUser = z.infer<typeof UpdatedUserSchema>;
