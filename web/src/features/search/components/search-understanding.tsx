import { understandingNotice, type QueryUnderstanding } from '#shared/search';
import { Stack, Text } from '@chakra-ui/react';

/** What the search read in the parent's words, and the filters it let go to find someone. */
export function SearchUnderstanding({ understanding }: { understanding: QueryUnderstanding | undefined }) {
  const notice = understanding ? understandingNotice(understanding) : null;
  if (!notice) return null;
  return (
    <Stack gap="0.5" fontSize="sm" color="fg.muted" data-testid="search-understanding">
      <Text>{notice.understood}</Text>
      {notice.relaxed && <Text>{notice.relaxed}</Text>}
    </Stack>
  );
}
