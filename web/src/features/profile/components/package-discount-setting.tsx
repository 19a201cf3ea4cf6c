import { onboardingMessages } from '#shared/message-catalogue/onboarding';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { uiMessages } from '#shared/message-catalogue/ui';
import { formatFcfa } from '#shared/money';
import { PACKAGE_DISCOUNT_MAX, PACKAGE_DISCOUNT_MIN, packageLessonPrice, packageDiscountSchema } from '#shared/package-schemas';
import { Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPercent } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { myTutorProfile } from '@/lib/my-records';
import { useSavePackageDiscount } from '../api/package-discount';

/**
 * 'Remise forfait' (issue 32): the discount the tutor gives on monthly packages, 0–20 %, with the
 * price a parent then pays per hour of a package.
 */
export function PackageDiscountSetting() {
  const profile = myTutorProfile.useRecord();
  const save = useSavePackageDiscount();
  const [draft, setDraft] = useState<string | null>(null);
  if (profile.isPending) return <Skeleton h="16" />;
  if (profile.isError || !profile.data) return null;
  const stored = (profile.data as { package_discount_percent?: number }).package_discount_percent ?? 0;
  const value = draft ?? String(stored);
  const parsed = packageDiscountSchema.safeParse({ discountPercent: value.trim() === '' ? Number.NaN : Number(value) });
  const error = parsed.success ? undefined : packagesMessages.discountRange;
  const rate = profile.data.hourly_rate;

  return (
    <Stack gap="2" as="form" data-testid="package-discount" onSubmit={(event) => {
      event.preventDefault();
      if (!parsed.success) return;
      save.mutate(parsed.data.discountPercent, {
        onSuccess: () => (notify.success({ title: 'Remise forfait enregistrée' }), setDraft(null)),
        onError: (failure) => notify.error({ title: onboardingMessages.saveFailure, description: failure instanceof ApiRequestError ? failure.message : uiMessages.networkFailure }),
      });
    }}>
      <HStack gap="2">
        <LuPercent aria-hidden />
        <Text fontWeight="semibold">Remise forfait</Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        La remise accordée aux parents qui réservent un forfait mensuel (4 semaines de cours, payées en une fois).
      </Text>
      <HStack gap="2" align="flex-end" wrap="wrap">
        <Field.Root invalid={Boolean(error)} width="32">
          <Field.Label>Remise (%)</Field.Label>
          <Input type="number" inputMode="numeric" min={PACKAGE_DISCOUNT_MIN} max={PACKAGE_DISCOUNT_MAX} step={1} value={value} onChange={(event) => setDraft(event.target.value)} />
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" loading={save.isPending} disabled={Boolean(error) || Number(value) === stored}>
          Enregistrer
        </Button>
      </HStack>
      {error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : rate ? (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Un cours d'une heure en forfait : {formatFcfa(packageLessonPrice(rate, 1, Number(value)).total)} au lieu de {formatFcfa(rate)}.
        </Text>
      ) : null}
    </Stack>
  );
}
