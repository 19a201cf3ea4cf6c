import { type SearchHistoryEntry } from '#shared/discovery-schemas';
import { searchMessages } from '#shared/message-catalogue/search';
import { uiMessages } from '#shared/message-catalogue/ui';
import { searchLabel, zoneLabel, type SearchFilters } from '#shared/search';
import {
  Badge,
  Button,
  Card,
  HStack,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import { fr } from 'date-fns/locale';
import { useState } from 'react';
import { LuHistory, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useClearHistory, useSearchHistory } from '../api/history';

/** 'il y a 5 minutes' (spec: relative time in French). */
export function relativeTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return formatDistanceToNow(date > now ? now : date, { addSuffix: true, locale: fr });
}

function HistoryRow({ entry, onSelect }: { entry: SearchHistoryEntry; onSelect: (filters: SearchFilters) => void }) {
  const { filters } = entry;
  const details = [
    entry.search_query ? zoneLabel(filters.location) : undefined,
    entry.search_query ? filters.subject : undefined,
    entry.search_query ? filters.level : undefined,
  ].filter(Boolean);
  return (
    <chakra.button
      type="button"
      w="full"
      textAlign="left"
      px="3"
      py="2.5"
      rounded="md"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'orange.solid' }}
      onClick={() => onSelect(filters)}
    >
      <HStack justify="space-between" gap="3" align="flex-start">
        <Stack gap="0.5" minW="0">
          <Text fontWeight="medium" truncate>
            {searchLabel(filters) || 'Tous les répétiteurs'}
          </Text>
          {details.length > 0 && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {details.join(' · ')}
            </Text>
          )}
          <Text fontSize="xs" color="fg.muted">
            {relativeTime(entry.created_at)}
          </Text>
        </Stack>
        <Badge variant="subtle" flexShrink="0">
          {entry.results_count} résultat(s)
        </Badge>
      </HStack>
    </chakra.button>
  );
}

/** 'Historique des recherches': the 10 newest searches; clicking one searches again. */
export function SearchHistoryCard({ onSelect }: { onSelect: (filters: SearchFilters) => void }) {
  const history = useSearchHistory();
  const clear = useClearHistory();
  const [confirming, setConfirming] = useState(false);
  const entries = history.data?.entries ?? [];

  return (
    <Card.Root as="section" aria-labelledby="history-title" size="sm">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <HStack gap="2">
            <LuHistory />
            <Card.Title id="history-title" as="h2" fontSize="md">
              Historique des recherches
            </Card.Title>
          </HStack>
          {entries.length > 0 && (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirming(true)}>
              <LuTrash2 />
              Tout effacer
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {history.isPending ? (
          <Stack gap="3" role="status" aria-label={uiMessages.loading}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="12" />
            ))}
          </Stack>
        ) : history.isError || entries.length === 0 ? (
          // Failures of the history are only logged (spec §8): the card just looks empty.
          <Text color="fg.muted" fontSize="sm">
            {searchMessages.historyEmpty}
          </Text>
        ) : (
          <Stack gap="0" mx="-3">
            {entries.map((entry) => (
              <HistoryRow key={entry.id} entry={entry} onSelect={onSelect} />
            ))}
          </Stack>
        )}
      </Card.Body>

      <ConfirmDialog
        open={confirming}
        title="Effacer l’historique ?"
        description="Toutes vos recherches récentes seront supprimées. Cette action est définitive."
        confirmLabel="Effacer"
        destructive
        withCloseButton
        loading={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
