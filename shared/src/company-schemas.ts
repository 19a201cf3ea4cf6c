/**
 * Companies: the company's onboarding (its organisation) as `PUT /api/me/organisation` takes it
 * and returns it.
 */
import * as z from './zod.js';
import { COMPANY_TYPES, TUTOR_COUNT_RANGES, type CompanyType, type TutorCountRange } from './constants.js';
import { onboardingMessages } from './message-catalogue/onboarding.js';
import { requiredText, optionalText } from './schemas.js';

const m = onboardingMessages;

const PHONE = /^\+?[0-9 ().-]{8,20}$/;
const WEBSITE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

/** `PUT /api/me/organisation`: the company's 3 onboarding steps. */
export const organisationSchema = z.strictObject({
  name: requiredText(120),
  type: z.enum(COMPANY_TYPES, { error: m.invalidCompanyType }),
  description: requiredText(1000),
  address: requiredText(200),
  phone: requiredText(20).check(
    z.refine((phone) => PHONE.test(phone) && phone.replace(/\D/g, '').length >= 8, { error: m.invalidPhone }),
  ),
  website: z.optional(
    z.string().check(z.trim(), z.maxLength(200), z.refine((url) => url === '' || WEBSITE.test(url), { error: m.invalidWebsite })),
  ),
  tutor_count: z.enum(TUTOR_COUNT_RANGES, { error: m.invalidTutorCount }),
  specialization: optionalText(300),
  certifications: optionalText(300),
});
export type OrganisationInput = z.infer<typeof organisationSchema>;
export interface Organisation {
  name: string;
  type: CompanyType;
  description: string;
  address: string;
  phone: string;
  website: string | null;
  tutor_count: TutorCountRange;
  specialization: string;
  certifications: string;
  updated_at: string;
}
