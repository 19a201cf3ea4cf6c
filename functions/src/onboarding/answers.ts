/**
 * What a parent or a company answered during onboarding. Each answer set is one item in the
 * owner's partition, replaced as a whole on every save (the last complete answer wins).
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { Organisation, OrganisationInput } from '#shared/company-schemas';
import type { ParentPreferences, ParentPreferencesInput } from '#shared/parent-schemas';
import { OrganisationEntity, ParentPreferencesEntity } from './entities.js';

type StoredPreferences = FormattedItem<typeof ParentPreferencesEntity>;
type StoredOrganisation = FormattedItem<typeof OrganisationEntity>;

const preferencesGet = (userId: string) =>
  ParentPreferencesEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true });
const organisationGet = (userId: string) =>
  OrganisationEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true });

function toParentPreferences(item: StoredPreferences): ParentPreferences {
  return {
    children: item.children.map(({ first_name, age, level }) => ({ first_name, age, level })),
    zone: item.zone ?? null,
    monthly_budget: item.monthly_budget ?? null,
    preferences: item.preferences ?? '',
    updated_at: item.updated_at,
  };
}

function toOrganisation(item: StoredOrganisation): Organisation {
  return {
    name: item.name,
    type: item.type,
    description: item.description,
    address: item.address,
    phone: item.phone,
    website: item.website ?? null,
    tutor_count: item.tutor_count,
    specialization: item.specialization ?? '',
    certifications: item.certifications ?? '',
    updated_at: item.updated_at,
  };
}

/** A saved answer set in its API shape; null when the user has saved none. */
async function readAnswers<T, V>(get: { send: () => Promise<{ Item?: T }> }, toView: (item: T) => V): Promise<V | null> {
  const { Item } = await get.send();
  return Item ? toView(Item) : null;
}

export async function getParentPreferences(userId: string): Promise<ParentPreferences | null> {
  return readAnswers(preferencesGet(userId), toParentPreferences);
}

export async function saveParentPreferences(userId: string, input: ParentPreferencesInput): Promise<ParentPreferences> {
  const item = {
    user_id: userId,
    children: input.children.map(({ first_name, age, level }) => ({ first_name, age, level })),
    zone: input.zone,
    monthly_budget: input.monthly_budget,
    preferences: input.preferences || undefined,
    updated_at: new Date().toISOString(),
  };
  await ParentPreferencesEntity.build(PutItemCommand).item(item).send();
  return toParentPreferences(item);
}

export async function getOrganisation(userId: string): Promise<Organisation | null> {
  return readAnswers(organisationGet(userId), toOrganisation);
}

export async function saveOrganisation(userId: string, input: OrganisationInput): Promise<Organisation> {
  const item = {
    user_id: userId,
    name: input.name,
    type: input.type,
    description: input.description,
    address: input.address,
    phone: input.phone,
    website: input.website || undefined,
    tutor_count: input.tutor_count,
    specialization: input.specialization || undefined,
    certifications: input.certifications || undefined,
    updated_at: new Date().toISOString(),
  };
  await OrganisationEntity.build(PutItemCommand).item(item).send();
  return toOrganisation(item);
}
