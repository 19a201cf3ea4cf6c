import { kycMessages } from '#shared/message-catalogue/kyc';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Alert, Badge, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuExternalLink, LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { myKyc, myTutorProfile } from '@/lib/my-records';

/** The tutor's identity verification on its profile tab, and the way to (re)submit it. */
export function TutorKycStatus() {
  const kyc = myKyc.useRecord();
  const tutorProfile = myTutorProfile.useRecord();

  return (
    <Stack gap="3" data-testid="kyc-status">
      <HStack gap="2">
        <LuShieldCheck />
        <Text fontWeight="semibold">Vérification d'identité</Text>
      </HStack>
      {kyc.isPending ? (
        <Skeleton h="10" />
      ) : kyc.isError ? (
        <HStack gap="3">
          <Text color="fg.error" fontSize="sm">
            {kyc.error.message}
          </Text>
          <Button size="xs" variant="outline" onClick={() => void kyc.refetch()}>
            {uiMessages.retry}
          </Button>
        </HStack>
      ) : !kyc.data ? (
        <Stack gap="2" align="flex-start">
          <Text fontSize="sm" color="fg.muted">
            Vous n'avez pas encore vérifié votre identité. Les familles préfèrent les répétiteurs vérifiés.
          </Text>
          <Button asChild size="sm">
            <RouterLink to="/kyc">Vérifier mon identité</RouterLink>
          </Button>
        </Stack>
      ) : kyc.data.status === 'pending' ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{kycMessages.pendingTitle}</Alert.Title>
            <Alert.Description>Cela prend généralement 24-48 heures ouvrables.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : kyc.data.status === 'approved' ? (
        <Badge colorPalette="green" size="lg" alignSelf="flex-start">
          ✔️ Identité vérifiée
        </Badge>
      ) : (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title>Vérification rejetée</Alert.Title>
            <Alert.Description>Motif : {kyc.data.admin_notes ?? kycMessages.defaultRejectNote}</Alert.Description>
            <Button asChild size="sm" alignSelf="flex-start" colorPalette="red" variant="outline">
              <RouterLink to="/kyc">Soumettre à nouveau</RouterLink>
            </Button>
          </Alert.Content>
        </Alert.Root>
      )}
      {tutorProfile.data && (
        <Button asChild size="sm" variant="ghost" alignSelf="flex-start">
          <RouterLink to={`/tutors/${tutorProfile.data.id}`}>
            <LuExternalLink />
            Voir mon profil public
          </RouterLink>
        </Button>
      )}
    </Stack>
  );
}
