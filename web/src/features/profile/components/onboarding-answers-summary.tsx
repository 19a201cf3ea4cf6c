import { CHILD_LEVEL_LABELS, COMPANY_TYPE_LABELS, MONTHLY_BUDGET_LABELS, TUTOR_COUNT_LABELS, ZONE_LABELS } from '#shared/constants';
import { Skeleton } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import type { UseQueryResult } from '@tanstack/react-query';
import { organisation, parentPreferences } from '@/lib/my-records';

type Answers = Array<[label: string, value: string | undefined]>;

/** Saved answers as label / value lines (a line without a value is left out); nothing before the first save. */
function AnswersSummary<T>({ query, lines, testId }: { query: UseQueryResult<T | null>; lines: (saved: T) => Answers; testId?: string }) {
  if (query.isPending) return <Skeleton h="16" />;
  if (!query.data) return null;
  return (
    <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3" data-testid={testId}>
      {lines(query.data)
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
}

/** The parent's saved onboarding answers (children, zone, budget). */
export function ParentAnswersSummary() {
  return (
    <AnswersSummary
      query={parentPreferences.useRecord()}
      testId="parent-answers"
      lines={(answers) => [
        ['Enfants', answers.children.map((child) => `${child.first_name} (${child.age} ans, ${CHILD_LEVEL_LABELS[child.level]})`).join(', ')],
        ['Zone', answers.zone ? ZONE_LABELS[answers.zone] : '—'],
        ['Budget mensuel', answers.monthly_budget ? MONTHLY_BUDGET_LABELS[answers.monthly_budget] : '—'],
        ['Préférences', answers.preferences || undefined],
      ]}
    />
  );
}

/** The company's saved organisation. */
export function OrganisationSummary() {
  return (
    <AnswersSummary
      query={organisation.useRecord()}
      lines={(saved) => [
        ['Organisation', `${saved.name} (${COMPANY_TYPE_LABELS[saved.type]})`],
        ['Équipe', TUTOR_COUNT_LABELS[saved.tutor_count]],
      ]}
    />
  );
}
