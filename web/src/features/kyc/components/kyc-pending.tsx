import { kycMessages } from '#shared/message-catalogue/kyc';
import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuHourglass } from 'react-icons/lu';
import { EmptyNotice } from '@/components/ui/page-state';

interface KycNoticeProps {
  icon: ReactNode;
  color: string;
  title: string;
  description: string;
  /** 'Terminer', where the notice ends a flow. */
  onDone?: () => void;
}

/** Where a tutor's verification stands, in the KYC card's place (pending, approved). */
export function KycNotice({ icon, color, title, description, onDone }: KycNoticeProps) {
  return (
    <EmptyNotice
      card={{ maxW: '2xl', mx: 'auto', width: 'full' }}
      size="md"
      icon={icon}
      color={color}
      titleAs="h2"
      title={title}
      description={description}
      action={onDone && <Button onClick={onDone}>Terminer</Button>}
    />
  );
}

/** 'Vérification en cours': shown once the documents are submitted. */
export function KycPending({ onDone }: { onDone?: () => void }) {
  return (
    <KycNotice
      icon={<LuHourglass />}
      color="orange.solid"
      title={kycMessages.pendingTitle}
      description={kycMessages.pendingDescription}
      onDone={onDone}
    />
  );
}
