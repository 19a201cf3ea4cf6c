import type { RouteDefinition } from '../routes.js';

/** Onboarding, tutor profiles, uploads, KYC and its admin review. */
export const onboardingRoutes = {} as const satisfies Record<string, RouteDefinition>;
