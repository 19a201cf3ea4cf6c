/**
 * What parents and companies answer during onboarding, saved in their own partition.
 * Recommendations and search defaults read the parent's answers.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { CHILD_LEVELS, COMPANY_TYPES, MONTHLY_BUDGETS, TUTOR_COUNT_RANGES, ZONES } from '#shared/constants';
import { now, onKalanTable, userItemKey } from '#commons/db';

export const ParentPreferencesEntity = new Entity({
  name: 'parentPreferences',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    children: list(map({ first_name: string(), age: number(), level: string().enum(...CHILD_LEVELS) })).default(
      () => [],
    ),
    zone: string().enum(...ZONES).optional(),
    monthly_budget: string().enum(...MONTHLY_BUDGETS).optional(),
    preferences: string().optional(),
    updated_at: string().default(now),
  }),
  computeKey: userItemKey('PARENT_PREFERENCES'),
});

export const OrganisationEntity = new Entity({
  name: 'organisation',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    name: string(),
    type: string().enum(...COMPANY_TYPES),
    description: string(),
    address: string(),
    phone: string(),
    website: string().optional(),
    tutor_count: string().enum(...TUTOR_COUNT_RANGES),
    specialization: string().optional(),
    certifications: string().optional(),
    updated_at: string().default(now),
  }),
  computeKey: userItemKey('ORGANISATION'),
});
