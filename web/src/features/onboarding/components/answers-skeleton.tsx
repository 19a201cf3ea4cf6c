import { Skeleton, Stack } from '@chakra-ui/react';
import { uiMessages } from '#shared/message-catalogue/ui';

/** While saved answers load (the form is prefilled with them). */
export function AnswersSkeleton() {
  return (
    <Stack gap="4" maxW="2xl" mx="auto" width="full" role="status" aria-busy="true" aria-label={uiMessages.loading}>
      <Skeleton h="4" width="32" />
      <Skeleton h="2" />
      <Skeleton h="64" rounded="xl" />
    </Stack>
  );
}
