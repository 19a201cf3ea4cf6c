import { ROLE_LABELS, type KycStatus } from '#shared/constants';
import { deBefore } from '#shared/french';
import { kycMessages } from '#shared/message-catalogue/kyc';
import { type AdminKycItem } from '#shared/kyc-schemas';
import { Badge, Box, Button, Card, Field, Heading, HStack, Image, Link, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { useState } from 'react';
import { LuCheck, LuShieldCheck, LuX } from 'react-icons/lu';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { notify } from '@/components/ui/notify';
import { EmptyNotice } from '@/components/ui/page-state';
import { PagedList } from '@/components/ui/paged-list';
import { ViewFilter, type ViewOption } from '@/components/ui/view-filter';
import { useKycSubmissions, useReviewKyc } from '../api/kyc-review';

const STATUS: Record<KycStatus, { label: string; palette: string }> = {
  pending: { label: 'En attente', palette: 'orange' },
  approved: { label: 'Approuvé', palette: 'green' },
  rejected: { label: 'Rejeté', palette: 'red' },
};

const VIEWS: ReadonlyArray<ViewOption<'all' | 'pending'>> = [
  { value: 'all', label: 'Toutes' },
  { value: 'pending', label: 'En attente' },
];

/** 'Vérifications KYC' (spec §2 Admin dashboard): submissions newest first, review of pending ones. */
export function KycReviewTab() {
  const [view, setView] = useState<'all' | 'pending'>('all');
  return (
    <Stack gap="3">
      <ViewFilter views={VIEWS} value={view} onChange={setView} label="Vérifications affichées" />
      <KycSubmissions view={view} />
    </Stack>
  );
}

function KycSubmissions({ view }: { view: 'all' | 'pending' }) {
  const query = useKycSubmissions(view);
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.items}
      loadError="Impossible de charger les vérifications."
      showErrorDetail
      skeleton={{ count: 3, height: '56' }}
      empty={<EmptyNotice icon={<LuShieldCheck />} title={view === 'pending' ? 'Aucune vérification en attente' : 'Aucune vérification soumise'} />}
      loadMoreLabel="Voir plus"
      renderItem={(item) => <KycSubmissionCard key={item.id} item={item} />}
    />
  );
}

function KycSubmissionCard({ item }: { item: AdminKycItem }) {
  const review = useReviewKyc();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState<string>(kycMessages.defaultRejectNote);
  const ownerName = item.owner ? `${item.owner.first_name} ${item.owner.last_name}`.trim() : 'Compte supprimé';
  const status = STATUS[item.status];

  const decide = async (decision: 'approve' | 'reject') => {
    try {
      await review.mutateAsync({ id: item.id, decision, note: decision === 'reject' ? note : undefined });
    } catch {
      notify.error({ title: kycMessages.updateFailure });
      return;
    } finally {
      setDialog(null);
    }
    notify.success({ title: decision === 'approve' ? kycMessages.approved : kycMessages.rejected });
  };

  return (
    <Card.Root data-kyc-id={item.id} data-status={item.status}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h3" size="md">
              {ownerName}
            </Heading>
            <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
              {item.owner && <Badge variant="outline">{ROLE_LABELS[item.owner.role]}</Badge>}
              {item.owner?.email && <Text wordBreak="break-all">{item.owner.email}</Text>}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Soumis le {format(new Date(item.created_at), "d MMMM yyyy 'à' HH:mm", { locale: fr })}
            </Text>
          </Stack>
          <Badge colorPalette={status.palette} size="md">
            {status.label}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={2} gap="3">
            <DocumentImage label="Pièce d'identité" url={item.cni_image_url} owner={ownerName} />
            <DocumentImage label="Selfie" url={item.selfie_image_url} owner={ownerName} />
          </SimpleGrid>
          {item.admin_notes && (
            <Text fontSize="sm">
              <Text as="span" fontWeight="semibold">
                Note :{' '}
              </Text>
              {item.admin_notes}
            </Text>
          )}
        </Stack>
      </Card.Body>
      {item.status === 'pending' && (
        <Card.Footer gap="3" flexDirection={{ base: 'column', sm: 'row' }} alignItems="stretch">
          <Button colorPalette="green" onClick={() => setDialog('approve')} disabled={review.isPending}>
            <LuCheck />
            Approuver
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => {
              setNote(kycMessages.defaultRejectNote);
              setDialog('reject');
            }}
            disabled={review.isPending}
          >
            <LuX />
            Rejeter
          </Button>
        </Card.Footer>
      )}

      <DialogFrame
        open={dialog !== null}
        onClose={() => setDialog(null)}
        role="alertdialog"
        title={dialog === 'approve' ? `Approuver l'identité ${deBefore(ownerName)} ?` : `Rejeter la vérification ${deBefore(ownerName)} ?`}
        footer={
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline" disabled={review.isPending}>
                Annuler
              </Button>
            </Dialog.ActionTrigger>
            <Button
              colorPalette={dialog === 'approve' ? 'green' : 'red'}
              loading={review.isPending}
              onClick={() => dialog && void decide(dialog)}
            >
              {dialog === 'approve' ? 'Approuver' : 'Rejeter'}
            </Button>
          </>
        }
      >
        {dialog === 'approve' ? (
          <Text>Le profil sera marqué « Vérifié ». Cette décision est définitive.</Text>
        ) : (
          <Field.Root>
            <Field.Label>Motif du rejet</Field.Label>
            <Textarea value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={500} rows={3} />
            <Field.HelperText>Le répétiteur verra ce motif et pourra soumettre à nouveau.</Field.HelperText>
          </Field.Root>
        )}
      </DialogFrame>
    </Card.Root>
  );
}

function DocumentImage({ label, url, owner }: { label: string; url: string; owner: string }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Link href={url} target="_blank" rel="noopener noreferrer" display="block">
        <Box aspectRatio="4/3" bg="bg.muted" rounded="md" overflow="hidden" borderWidth="1px">
          <Image src={url} alt={`${label} ${deBefore(owner)}`} objectFit="contain" w="full" h="full" loading="lazy" />
        </Box>
      </Link>
    </Stack>
  );
}
