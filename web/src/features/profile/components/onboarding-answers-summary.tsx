import { CHILD_LEVEL_LABELS, COMPANY_TYPE_LABELS, MONTHLY_BUDGET_LABELS, TUTOR_COUNT_LABELS, ZONE_LABELS } from '#shared/constants';
import { DataList, Skeleton } from '@chakra-ui/react';
import { useMyOrganisation, useMyParentPreferences } from '../api/my-answers';

/** The parent's saved onboarding answers (children, zone, budget). */
export function ParentAnswersSummary() {
  const query = useMyParentPreferences(true);
  if (query.isPending) return <Skeleton h="16" />;
  const answers = query.data;
  if (!answers) return null;
  return (
    <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3" data-testid="parent-answers">
      <DataList.Item>
        <DataList.ItemLabel>Enfants</DataList.ItemLabel>
        <DataList.ItemValue>
          {answers.children.map((child) => `${child.first_name} (${child.age} ans, ${CHILD_LEVEL_LABELS[child.level]})`).join(', ')}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Zone</DataList.ItemLabel>
        <DataList.ItemValue>{answers.zone ? ZONE_LABELS[answers.zone] : '—'}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Budget mensuel</DataList.ItemLabel>
        <DataList.ItemValue>{answers.monthly_budget ? MONTHLY_BUDGET_LABELS[answers.monthly_budget] : '—'}</DataList.ItemValue>
      </DataList.Item>
      {answers.preferences && (
        <DataList.Item>
          <DataList.ItemLabel>Préférences</DataList.ItemLabel>
          <DataList.ItemValue>{answers.preferences}</DataList.ItemValue>
        </DataList.Item>
      )}
    </DataList.Root>
  );
}

/** The company's saved organisation. */
export function OrganisationSummary() {
  const query = useMyOrganisation(true);
  if (query.isPending) return <Skeleton h="16" />;
  const organisation = query.data;
  if (!organisation) return null;
  return (
    <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3">
      <DataList.Item>
        <DataList.ItemLabel>Organisation</DataList.ItemLabel>
        <DataList.ItemValue>
          {organisation.name} ({COMPANY_TYPE_LABELS[organisation.type]})
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Équipe</DataList.ItemLabel>
        <DataList.ItemValue>{TUTOR_COUNT_LABELS[organisation.tutor_count]}</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
