import { KYC_REVIEW_HOURS } from '#shared/constants';
import { messages } from '#shared/messages';
import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuIdCard, LuShieldCheck, LuUser } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { useSubmitKyc } from '../api/kyc';
import { CameraCapture } from './camera-capture';
import { KycPending } from './kyc-pending';

type KycStep = 'intro' | 'cni' | 'selfie' | 'submit' | 'complete';

interface KycFlowProps {
  /** Leaves the flow once the submission is done ('Terminer'). */
  onDone: () => void;
}

/** Identity verification (spec §4): intro, ID card, selfie, submission, then 'Vérification en cours'. */
export function KycFlow({ onDone }: KycFlowProps) {
  const [step, setStep] = useState<KycStep>('intro');
  const [cniKey, setCniKey] = useState<string | null>(null);
  const [selfieKey, setSelfieKey] = useState<string | null>(null);
  const submitKyc = useSubmitKyc();

  const submit = async () => {
    if (!cniKey || !selfieKey) return; // both photos are required (spec §5)
    try {
      await submitKyc.mutateAsync({ cni_image_key: cniKey, selfie_image_key: selfieKey });
    } catch (error) {
      console.error(error);
      notify.error({ title: messages.kyc.submitFailure });
      return;
    }
    notify.success({ title: messages.kyc.submitSuccess });
    setStep('complete');
  };

  if (step === 'complete') return <KycPending onDone={onDone} />;

  return (
    <Card.Root maxW="2xl" mx="auto" width="full">
      <Card.Header>
        <HStack gap="2" color="orange.fg">
          <LuShieldCheck />
          <Text fontSize="sm" fontWeight="semibold">
            Vérification d'identité
          </Text>
        </HStack>
        <Heading as="h2" size="xl">
          {step === 'intro' && 'Vérifions votre identité'}
          {step === 'cni' && "Photo de votre pièce d'identité"}
          {step === 'selfie' && 'Votre selfie'}
          {step === 'submit' && 'Tout est prêt'}
        </Heading>
      </Card.Header>
      <Card.Body>
        {step === 'intro' && (
          <Stack gap="4">
            <Text>Les familles font confiance aux répétiteurs vérifiés. Il vous faut :</Text>
            <Stack as="ul" gap="2" listStyleType="none">
              <HStack as="li" gap="2" align="flex-start">
                <Box color="orange.fg" pt="1" flexShrink="0">
                  <LuIdCard />
                </Box>
                <Text>une photo lisible de votre carte nationale d'identité (CNI) ;</Text>
              </HStack>
              <HStack as="li" gap="2" align="flex-start">
                <Box color="orange.fg" pt="1" flexShrink="0">
                  <LuUser />
                </Box>
                <Text>un selfie, visage bien éclairé.</Text>
              </HStack>
            </Stack>
            <Text color="fg.muted" fontSize="sm">
              Vos documents restent privés : seule l'équipe de vérification peut les voir. La vérification prend
              généralement {KYC_REVIEW_HOURS} heures ouvrables.
            </Text>
            <Button alignSelf="flex-start" onClick={() => setStep('cni')}>
              Commencer
            </Button>
          </Stack>
        )}
        {step === 'cni' && (
          <CameraCapture
            key="cni"
            purpose="kyc_cni"
            facingMode="environment"
            captureLabel="Photographier la pièce"
            onConfirmed={(key) => {
              setCniKey(key);
              setStep('selfie');
            }}
          />
        )}
        {step === 'selfie' && (
          <CameraCapture
            key="selfie"
            purpose="kyc_selfie"
            facingMode="user"
            captureLabel="Prendre le selfie"
            onConfirmed={(key) => {
              setSelfieKey(key);
              setStep('submit');
            }}
          />
        )}
        {step === 'submit' && (
          <Stack gap="4">
            <Stack as="ul" gap="2" listStyleType="none">
              <HStack as="li" gap="2" align="flex-start">
                <Box color={cniKey ? 'green.fg' : 'fg.muted'} pt="1" flexShrink="0">
                  <LuCheck />
                </Box>
                <Text>Pièce d'identité</Text>
              </HStack>
              <HStack as="li" gap="2" align="flex-start">
                <Box color={selfieKey ? 'green.fg' : 'fg.muted'} pt="1" flexShrink="0">
                  <LuCheck />
                </Box>
                <Text>Selfie</Text>
              </HStack>
            </Stack>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button variant="outline" onClick={() => setStep('cni')} disabled={submitKyc.isPending}>
                Reprendre les photos
              </Button>
              <Button onClick={() => void submit()} loading={submitKyc.isPending} disabled={!cniKey || !selfieKey}>
                Soumettre la vérification
              </Button>
            </Stack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
