import { accountMessages } from '#shared/message-catalogue/account';
import { Alert, Button, Card, Field, Heading, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@/components/chakra/dialog';
import { useId, useState } from 'react';
import { LuDownload, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/ui/notify';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDeleteMyAccount, useDownloadMyData } from '../api/my-data';

const text = accountMessages;

/**
 * 'Mes données' (law 2013-450 of Côte d'Ivoire): download everything Kalan holds about me, or
 * delete my account after a confirmation that says what goes and what stays. An admin account is
 * removed by another admin: the section says so instead of offering the deletion.
 */
export function MyDataSection() {
  const { profile, signOut } = useAuth();
  const navigate = useNavigate();
  const download = useDownloadMyData();
  const deletion = useDeleteMyAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const headingId = useId();
  if (!profile) return null;

  const close = () => {
    if (deletion.isPending) return;
    setOpen(false);
    setTyped('');
    deletion.reset();
  };

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () => notify.success({ title: text.exportSuccess }),
      onError: (error) => notify.error({ title: text.exportFailure, description: error.message }),
    });

  const onDelete = () =>
    deletion.mutate(undefined, {
      onSuccess: async () => {
        try {
          await signOut();
        } catch {
          // The account is gone: the local session is cleared whatever Cognito answers.
        }
        notify.success({ title: text.deleted, description: text.deletedDetail });
        navigate('/auth', { replace: true });
      },
    });

  const failure = deletion.error instanceof ApiRequestError ? deletion.error : null;
  const blocking = failure?.code === 'money_in_flight' ? failure.details : [];

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {text.sectionTitle}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Text color="fg.muted">{text.sectionIntro}</Text>
        {profile.role === 'admin' && (
          <Text mt="3" color="fg.muted">
            {text.adminNotice}
          </Text>
        )}
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="3">
        <Button variant="outline" onClick={onDownload} loading={download.isPending} loadingText={text.exporting}>
          <LuDownload />
          {text.exportButton}
        </Button>
        {profile.role !== 'admin' && (
          <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
            <LuTrash2 />
            {text.deleteButton}
          </Button>
        )}
      </Card.Footer>

      <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && close()} placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{text.dialogTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <form
                  id="delete-account-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (typed === text.confirmWord && !deletion.isPending) onDelete();
                  }}
                >
                  <Stack gap="4">
                    <Text>{text.whatIsDeleted}</Text>
                    <Text>{text.whatIsKept}</Text>
                    <Text fontWeight="semibold">{text.irreversible}</Text>
                    <Field.Root>
                      <Field.Label>{text.confirmLabel}</Field.Label>
                      <Input
                        value={typed}
                        onChange={(event) => setTyped(event.target.value)}
                        autoComplete="off"
                        autoCapitalize="characters"
                        spellCheck={false}
                      />
                    </Field.Root>
                    {failure && (
                      <Alert.Root status="error">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{text.deleteFailure}</Alert.Title>
                          <Alert.Description>
                            {failure.message}
                            {blocking.length > 0 && (
                              <List.Root mt="2" ps="4">
                                {blocking.map((detail) => (
                                  <List.Item key={detail.path}>{detail.message}</List.Item>
                                ))}
                              </List.Root>
                            )}
                          </Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    )}
                  </Stack>
                </form>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button variant="outline" onClick={close} disabled={deletion.isPending}>
                  {text.cancel}
                </Button>
                <Button
                  type="submit"
                  form="delete-account-form"
                  colorPalette="red"
                  disabled={typed !== text.confirmWord}
                  loading={deletion.isPending}
                  loadingText={text.deleting}
                >
                  {text.confirmButton}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Card.Root>
  );
}
