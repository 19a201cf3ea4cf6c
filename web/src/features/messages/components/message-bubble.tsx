import { frenchDayOf, frenchTimeOf } from '#shared/french-dates';
import { messagingMessages } from '#shared/message-catalogue/messaging';
import { DELETED_MESSAGE_TEXT, type MessageView } from '#shared/messaging-schemas';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** '14:05' today, 'Mardi 1er décembre, 14:05' before. */
export function sentAtLabel(sentAt: string, now = new Date()): string {
  const sameDay = frenchDayOf(sentAt) === frenchDayOf(now) && now.getTime() - new Date(sentAt).getTime() < 86_400_000;
  return sameDay ? frenchTimeOf(sentAt) : `${frenchDayOf(sentAt)}, ${frenchTimeOf(sentAt)}`;
}

interface BubbleProps {
  mine: boolean;
  body: string;
  /** Hidden by moderation or deleted with its account: muted and in italics. */
  muted?: boolean;
  /** Under the bubble: time, 'envoyé'/'lu', masking note, 'Signaler'. */
  footer: ReactNode;
  testId?: string;
  seq?: number;
}

function Bubble({ mine, body, muted = false, footer, testId, seq }: BubbleProps) {
  return (
    <Flex as="li" listStyleType="none" direction="column" align={mine ? 'flex-end' : 'flex-start'} data-testid={testId} data-seq={seq}>
      <Box
        maxW={{ base: '85%', md: '70%' }}
        px="3"
        py="2"
        borderRadius="l3"
        borderBottomRightRadius={mine ? 'xs' : undefined}
        borderBottomLeftRadius={mine ? undefined : 'xs'}
        bg={muted ? 'bg.muted' : mine ? 'orange.solid' : 'bg'}
        color={muted ? 'fg.muted' : mine ? 'orange.contrast' : 'fg'}
        borderWidth={mine && !muted ? '0' : '1px'}
        fontStyle={muted ? 'italic' : undefined}
      >
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {body}
        </Text>
      </Box>
      <Stack gap="0.5" mt="1" align={mine ? 'flex-end' : 'flex-start'} maxW={{ base: '85%', md: '70%' }}>
        {footer}
      </Stack>
    </Flex>
  );
}

interface MessageBubbleProps {
  message: MessageView;
  onReport: (messageId: string) => void;
}

/** One stored message: the caller's on the right with 'envoyé' / 'lu', the other side's on the left with 'Signaler'. */
export function MessageBubble({ message, onReport }: MessageBubbleProps) {
  const deleted = !message.hidden && message.body === DELETED_MESSAGE_TEXT;
  const muted = message.hidden || deleted;
  return (
    <Bubble
      mine={message.mine}
      body={message.body}
      muted={muted}
      testId="message"
      seq={message.seq}
      footer={
        <>
          {message.masked.length > 0 && !muted && (
            <Text fontSize="xs" color="fg.muted" data-testid="masked-note">
              {messagingMessages.maskedInMessage}
            </Text>
          )}
          <Flex gap="2" align="center" fontSize="xs" color="fg.muted">
            <Text as="span">{sentAtLabel(message.sent_at)}</Text>
            {message.mine && (
              <Text as="span" data-testid="message-status" fontWeight={message.read ? 'semibold' : undefined}>
                {message.read ? messagingMessages.read : messagingMessages.sent}
              </Text>
            )}
            {!message.mine && !muted && (
              <Button variant="plain" size="xs" h="auto" minW="0" p="0" color="fg.muted" textDecoration="underline" onClick={() => onReport(message.id)}>
                {messagingMessages.report}
                <Box as="span" srOnly>
                  {' '}
                  le message de {sentAtLabel(message.sent_at)}
                </Box>
              </Button>
            )}
          </Flex>
        </>
      }
    />
  );
}

interface PendingBubbleProps {
  body: string;
}

/** The caller's message on its way (optimistic): shown at once, 'envoi…' until the server answers. */
export function PendingBubble({ body }: PendingBubbleProps) {
  return (
    <Bubble
      mine
      body={body}
      testId="pending-message"
      footer={
        <Text fontSize="xs" color="fg.muted">
          envoi…
        </Text>
      }
    />
  );
}
