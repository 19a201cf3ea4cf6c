import { KYC_REVIEW_HOURS } from '#shared/constants';
import { kycMessages } from '#shared/message-catalogue/kyc';
import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { LuCheck, LuIdCard, LuShieldCheck, LuUser } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { useSubmitKyc } from '../api/kyc';
import { CameraCapture } from './camera-capture';
import { KycPending } from './kyc-pending';

type KycStep = 'intro' | 'cni' | 'selfie' | 'submit' | 'complete';
type Document = 'cni' | 'selfie';

const HEADINGS: Record<Exclude<KycStep, 'complete'>, string> = {
  intro: 'Vérifions votre identité',
  cni: "Photo de votre pièce d'identité",
  selfie: 'Votre selfie',
  submit: 'Tout est prêt',
};

/** The two photos, in order: what each one uploads, with which camera, and what comes after. */
const CAPTURES = {
  cni: { purpose: 'kyc_cni', facingMode: 'environment', captureLabel: 'Photographier la pièce', label: "Pièce d'identité", next: 'selfie' },
  selfie: { purpose: 'kyc_selfie', facingMode: 'user', captureLabel: 'Prendre le selfie', label: 'Selfie', next: 'submit' },
} as const satisfies Record<Document, { next: KycStep } & Omit<ComponentProps<typeof CameraCapture>, 'onConfirmed'> & { label: string }>;

interface KycFlowProps {
  /** Leaves the flow once the submission is done ('Terminer'). */
  onDone: () => void;
}

/** Identity verification (spec §4): intro, ID card, selfie, submission, then 'Vérification en cours'. */
export function KycFlow({ onDone }: KycFlowProps) {
  const [step, setStep] = useState<KycStep>('intro');
  const [keys, setKeys] = useState<Partial<Record<Document, string>>>({});
  const { cni: cniKey, selfie: selfieKey } = keys;
  const submitKyc = useSubmitKyc();

  const submit = async () => {
    if (!cniKey || !selfieKey) return; // both photos are required (spec §5)
    try {
      await submitKyc.mutateAsync({ cni_image_key: cniKey, selfie_image_key: selfieKey });
    } catch (error) {
      console.error(error);
      notify.error({ title: kycMessages.submitFailure });
      return;
    }
    notify.success({ title: kycMessages.submitSuccess });
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
          {HEADINGS[step]}
        </Heading>
      </Card.Header>
      <Card.Body>
        {step === 'intro' && (
          <Stack gap="4">
            <Text>Les familles font confiance aux répétiteurs vérifiés. Il vous faut :</Text>
            <Stack as="ul" gap="2" listStyleType="none">
              <IconItem icon={<LuIdCard />} color="orange.fg">
                une photo lisible de votre carte nationale d'identité (CNI) ;
              </IconItem>
              <IconItem icon={<LuUser />} color="orange.fg">
                un selfie, visage bien éclairé.
              </IconItem>
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
        {(step === 'cni' || step === 'selfie') && (
          <CameraCapture
            key={step}
            purpose={CAPTURES[step].purpose}
            facingMode={CAPTURES[step].facingMode}
            captureLabel={CAPTURES[step].captureLabel}
            onConfirmed={(key) => {
              setKeys({ ...keys, [step]: key });
              setStep(CAPTURES[step].next);
            }}
          />
        )}
        {step === 'submit' && (
          <Stack gap="4">
            <Stack as="ul" gap="2" listStyleType="none">
              {(['cni', 'selfie'] as const).map((document) => (
                <IconItem key={document} icon={<LuCheck />} color={keys[document] ? 'green.fg' : 'fg.muted'}>
                  {CAPTURES[document].label}
                </IconItem>
              ))}
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

function IconItem({ icon, color, children }: { icon: ReactNode; color: string; children: ReactNode }) {
  return (
    <HStack as="li" gap="2" align="flex-start">
      <Box color={color} pt="1" flexShrink="0">
        {icon}
      </Box>
      <Text>{children}</Text>
    </HStack>
  );
}
