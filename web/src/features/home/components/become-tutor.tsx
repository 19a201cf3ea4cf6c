import { ROLE_LABELS } from '#shared/constants';

import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUserPlus, LuWallet } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { rememberSignUpRole, useAuth, useSignOutToAuth } from '@/lib/auth';

interface BecomeTutorProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Devenir répétiteur' for someone already signed in. An account has one type (spec §6), so a
 * parent, a company or an admin becomes a tutor with a second account: the dialog says so, and
 * its button signs out (the dialog is the confirmation) and opens the sign-up as Répétiteur. A
 * tutor is told it already is one, and where its space is.
 */
export function BecomeTutor({ open, onClose }: BecomeTutorProps) {
  const { profile } = useAuth();
  const signOutToAuth = useSignOutToAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  if (!profile) return null;
  const isTutor = profile.role === 'tuteur';

  const createTutorAccount = async () => {
    setSigningOut(true);
    // The sign-up opens as Répétiteur once signed out (the auth screen reads it).
    rememberSignUpRole('tuteur');
    await signOutToAuth();
  };

  return (
    <DialogFrame
      open={open}
      onClose={() => !signingOut && onClose()}
      title={isTutor ? 'Vous êtes déjà répétiteur' : 'Devenir répétiteur'}
      closeButton={signingOut ? 'disabled' : true}
      footerProps={{ flexWrap: 'wrap' }}
      footer={
        isTutor ? (
          <>
            <Button variant="outline" onClick={onClose}>
              Fermer
            </Button>
            <Button onClick={() => navigate('/tutor-revenues')}>
              <LuWallet />
              Voir mes revenus
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={signingOut}>
              Annuler
            </Button>
            <Button loading={signingOut} onClick={() => void createTutorAccount()}>
              <LuUserPlus />
              Créer un compte répétiteur
            </Button>
          </>
        )
      }
    >
      {isTutor ? (
        <Stack gap="3">
          <Text>
            Votre compte est un compte Répétiteur : les familles vous trouvent dans la recherche dès que votre profil est complet.
          </Text>
          <Text color="fg.muted">
            Suivez vos cours et vos paiements dans Revenus, et votre vérification d'identité dans l'onglet Profil.
          </Text>
        </Stack>
      ) : (
        <Stack gap="3">
          <Text>
            Vous êtes connecté avec un compte {ROLE_LABELS[profile.role]}. Un compte Kalan n'a qu'un seul type : pour proposer vos
            cours, créez un compte Répétiteur avec une autre adresse email.
          </Text>
          {profile.role === 'entreprise' && (
            <Text>Chaque répétiteur de votre structure crée ainsi son propre compte Répétiteur.</Text>
          )}
          <Text color="fg.muted">
            Vous allez être déconnecté de ce compte, puis l'inscription s'ouvrira avec le type Répétiteur déjà choisi. Vous
            pourrez vous reconnecter à ce compte à tout moment.
          </Text>
        </Stack>
      )}
    </DialogFrame>
  );
}
