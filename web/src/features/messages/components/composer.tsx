import { hasContactDetails } from '#shared/contact-masking';
import { messagingMessages } from '#shared/message-catalogue/messaging';
import { MASKED_CONTACT, MESSAGE_MAX_LENGTH } from '#shared/messaging-schemas';
import { Alert, Box, Flex, IconButton, Text, Textarea } from '@chakra-ui/react';
import { useDeferredValue, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuSend } from 'react-icons/lu';

/** A UUID v4; crypto.randomUUID exists only in secure contexts (a phone on the LAN's http:// address has none). */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const CONTACT_WARNING = `Votre message contient des coordonnées : elles seront remplacées par « ${MASKED_CONTACT} ».`;

interface ComposerProps {
  /** Until the pair's first paid lesson: the notice under the field, the warning before sending. */
  contactsMasked: boolean;
  sending: boolean;
  /** The last failure's French message (cleared by the next send). */
  error: string | null;
  /** Sends; resolves true once stored (the field is then emptied), false when it failed (the text stays). */
  onSend: (input: { requestId: string; body: string }) => Promise<boolean>;
}

/**
 * The message field: Entrée sends, Maj+Entrée starts a new line. A retry of the same text keeps
 * its request_id, so a message whose answer was lost is stored once.
 */
export function Composer({ contactsMasked, sending, error, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const attempt = useRef<{ body: string; requestId: string } | null>(null);
  const deferred = useDeferredValue(text);
  const showsContacts = contactsMasked && deferred.trim() !== '' && hasContactDetails(deferred);
  const noticeId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    if (attempt.current?.body !== body) attempt.current = { body, requestId: newRequestId() };
    const { requestId } = attempt.current;
    setText('');
    const stored = await onSend({ requestId, body });
    if (stored) {
      attempt.current = null;
    } else {
      // Put it back (unless a new one was started meanwhile): sending again retries the same request.
      setText((current) => (current === '' ? body : current));
    }
    fieldRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Box as="form" onSubmit={onSubmit} borderTopWidth="1px" bg="bg" px={{ base: '3', md: '4' }} pt="3" pb="max(0.75rem, env(safe-area-inset-bottom))">
      {error && (
        <Alert.Root status="error" size="sm" mb="2" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{error}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      {showsContacts && (
        <Alert.Root id={noticeId} status="warning" size="sm" mb="2" data-testid="contact-warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{messagingMessages.maskingNotice}</Alert.Title>
            <Alert.Description>{CONTACT_WARNING}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Flex gap="2" align="flex-end">
        <Textarea
          ref={fieldRef}
          aria-label="Votre message"
          aria-describedby={contactsMasked ? noticeId : undefined}
          placeholder={messagingMessages.placeholder}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoresize
          maxH="40"
          rows={1}
          bg="bg"
          enterKeyHint="send"
        />
        <IconButton type="submit" aria-label={messagingMessages.send} loading={sending} disabled={text.trim() === ''} colorPalette="orange">
          <LuSend />
        </IconButton>
      </Flex>
      {/* The warning above says the same, louder: the notice is said once. */}
      {contactsMasked && !showsContacts && (
        <Text id={noticeId} fontSize="xs" color="fg.muted" mt="1.5" data-testid="masking-notice">
          {messagingMessages.maskingNotice}
        </Text>
      )}
    </Box>
  );
}
