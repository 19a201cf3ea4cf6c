import { Badge } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';

/** 'Premier cours': the parent's first lesson with this tutor, covered by the trial guarantee. */
export function TrialBadge({ trial }: { trial?: boolean }) {
  if (!trial) return null;
  return (
    <Badge colorPalette="green" variant="subtle" size="md" data-testid="trial-badge">
      <LuShieldCheck aria-hidden />
      Premier cours
    </Badge>
  );
}
