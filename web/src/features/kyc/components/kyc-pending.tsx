import { messages } from '#shared/messages';
import { Button } from '@chakra-ui/react';
import { LuHourglass } from 'react-icons/lu';
import { EmptyNotice } from '@/components/ui/page-state';

/** 'Vérification en cours': shown once the documents are submitted. */
export function KycPending({ onDone }: { onDone?: () => void }) {
  return (
    <EmptyNotice
      card={{ maxW: '2xl', mx: 'auto', width: 'full' }}
      size="md"
      icon={<LuHourglass />}
      color="orange.solid"
      titleAs="h2"
      title={messages.kyc.pendingTitle}
      description={messages.kyc.pendingDescription}
      action={onDone && <Button onClick={onDone}>Terminer</Button>}
    />
  );
}
