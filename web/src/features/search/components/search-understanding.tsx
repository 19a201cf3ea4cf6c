import { searchMessages } from '#shared/message-catalogue/search';
import type { QueryUnderstanding, UnderstandingChip } from '#shared/search';
import { Badge, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { understandingView } from '../understanding-view';

interface SearchUnderstandingProps {
  understanding: QueryUnderstanding | undefined;
  /** Searches again without the chip's words (its ✕). */
  onRemoveChip: (chip: UnderstandingChip) => void;
  /** Only the chips: the notices say 'voici les résultats', wrong beside 'Aucun résultat trouvé'. */
  chipsOnly?: boolean;
}

/** The things read in the text, in its order, each removable with its ✕ (a real button, its name said). */
function UnderstandingChips({ chips, onRemove }: { chips: UnderstandingChip[]; onRemove: (chip: UnderstandingChip) => void }) {
  return (
    <HStack gap="2" wrap="wrap" align="center">
      <Text id="search-understood-label" fontSize="sm" color="fg.muted">
        Votre recherche :
      </Text>
      <HStack as="ul" aria-labelledby="search-understood-label" gap="2" wrap="wrap" listStyle="none" minW="0">
        {chips.map((chip) => (
          <Badge
            as="li"
            key={`${chip.kind}:${chip.label}`}
            size="lg"
            variant="surface"
            colorPalette={chip.kind === 'word' ? 'gray' : 'orange'}
            borderRadius="full"
            ps="3"
            pe="0.5"
            py="0.5"
            gap="0.5"
            maxW="full"
            whiteSpace="normal"
          >
            {chip.label}
            {/* 32 px: a target a thumb can hit on a phone (WCAG 2.5.8 asks 24 px). */}
            <IconButton
              aria-label={searchMessages.removeChip(chip.label)}
              variant="ghost"
              size="xs"
              borderRadius="full"
              colorPalette={chip.kind === 'word' ? 'gray' : 'orange'}
              onClick={() => onRemove(chip)}
            >
              <LuX />
            </IconButton>
          </Badge>
        ))}
      </HStack>
    </HStack>
  );
}

/**
 * What the search read in the parent's words, as chips the parent can remove (issue 33), then what
 * it let go to find someone: filters read in the text that left nobody, words no tutor holds.
 */
export function SearchUnderstanding({ understanding, onRemoveChip, chipsOnly = false }: SearchUnderstandingProps) {
  const view = understandingView(understanding);
  if (!view) return null;
  const notices = chipsOnly ? [] : [view.understood, view.relaxed, view.dropped].filter((text): text is string => text !== null);
  if (!view.chips.length && !notices.length) return null;
  return (
    <Stack gap="2" data-testid="search-understanding">
      {view.chips.length > 0 && <UnderstandingChips chips={view.chips} onRemove={onRemoveChip} />}
      {notices.length > 0 && (
        <Stack gap="0.5" fontSize="sm" color="fg.muted">
          {notices.map((text) => (
            <Text key={text}>{text}</Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
