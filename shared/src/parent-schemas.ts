/**
 * Parents: the parent's onboarding (children, zones, budget, preferred times) as `PUT
 * /api/me/parent-preferences` takes it and returns it.
 */
import * as z from './zod.js';
import { CHILD_LEVELS, MONTHLY_BUDGETS, PARENT_ZONES, type ChildLevel, type MonthlyBudget, type Zone } from './constants.js';
import { onboardingMessages } from './message-catalogue/onboarding.js';
import { requiredText, optionalText } from './schemas.js';

const m = onboardingMessages;

export const childSchema = z.strictObject({
  first_name: requiredText(50),
  age: z
    .number({ error: m.invalidAge })
    .check(z.int({ error: m.invalidAge }), z.minimum(1, { error: m.invalidAge }), z.maximum(99, { error: m.invalidAge })),
  level: z.enum(CHILD_LEVELS, { error: m.invalidChildLevel }),
});

/** `PUT /api/me/parent-preferences`: the parent's 3 onboarding steps. */
export const parentPreferencesSchema = z.strictObject({
  children: z
    .array(childSchema, { error: m.childrenRequired })
    .check(z.minLength(1, { error: m.childrenRequired }), z.maxLength(10, { error: '10 enfants au maximum' })),
  zone: z.optional(z.enum(PARENT_ZONES as unknown as readonly [Zone, ...Zone[]], { error: m.invalidZone })),
  monthly_budget: z.optional(z.enum(MONTHLY_BUDGETS, { error: m.invalidBudget })),
  preferences: optionalText(1000),
});
export type ParentPreferencesInput = z.infer<typeof parentPreferencesSchema>;
export interface ParentPreferences {
  children: Array<{ first_name: string; age: number; level: ChildLevel }>;
  zone: Zone | null;
  monthly_budget: MonthlyBudget | null;
  preferences: string;
  updated_at: string;
}

