import { authMessages } from '#shared/message-catalogue/auth';
import { Button, Text } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { SignInActions } from './sign-in-actions';
import type { SignInRequest } from './store';

interface SignInRequiredDialogProps {
  request: SignInRequest;
  onClose: () => void;
}

/** 'Connexion requise' with the spec's message, the way to sign in or up, and 'Annuler'. */
export default function SignInRequiredDialog({ request, onClose }: SignInRequiredDialogProps) {
  return (
    <DialogFrame
      open
      onClose={onClose}
      role="alertdialog"
      title={authMessages.signInRequired}
      footerProps={{ flexDirection: { base: 'column-reverse', sm: 'row' }, alignItems: 'stretch', gap: '2' }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="ghost">Annuler</Button>
          </Dialog.ActionTrigger>
          <SignInActions pending={request.pending} onLeave={onClose} />
        </>
      }
    >
      <Text>{request.description}</Text>
      <Text mt="2" fontSize="sm" color="fg.muted">
        {authMessages.backAfterSignIn}
      </Text>
    </DialogFrame>
  );
}
