import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { StepCard } from './step-card';

interface StepShellProps {
  step: number;
  total: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onPrevious?: () => void;
  onNext: () => void;
  nextLabel?: string;
  isBusy?: boolean;
}

/** One onboarding step: progress, title, content, and the previous / next buttons. */
export function StepShell({ step, total, title, description, children, onPrevious, onNext, nextLabel, isBusy }: StepShellProps) {
  return (
    <Stack gap="5" maxW="2xl" mx="auto" width="full">
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Étape {step} sur {total}
        </Text>
        <Box
          h="2"
          rounded="full"
          bg="bg.emphasized"
          overflow="hidden"
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={step}
          aria-label="Progression"
        >
          <Box h="full" bg="orange.solid" width={`${(step / total) * 100}%`} transition="width 0.3s" />
        </Box>
      </Stack>
      <StepCard
        title={title}
        description={description}
        actions={
          <>
            <Button variant="outline" onClick={onPrevious} disabled={!onPrevious || isBusy}>
              <LuArrowLeft />
              Précédent
            </Button>
            <Button onClick={onNext} loading={isBusy}>
              {nextLabel ?? 'Suivant'}
              {!nextLabel && <LuArrowRight />}
            </Button>
          </>
        }
      >
        {children}
      </StepCard>
    </Stack>
  );
}
