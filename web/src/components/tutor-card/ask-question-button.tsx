import { messagingMessages } from '#shared/message-catalogue/messaging';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import type { TutorCardAsk } from './tutor-card';

/** 'Poser une question' (issue 31), on the tutor card and the tutor page alike. */
export function AskQuestionButton({ ask, ...props }: { ask: TutorCardAsk } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  return (
    <Button
      variant="outline"
      {...props}
      // aria-disabled, not disabled: the keyboard focus stays on the button while it works.
      aria-disabled={ask.pending || undefined}
      loading={ask.pending}
      onClick={() => !ask.pending && ask.onAsk()}
    >
      <LuMessageCircle />
      {messagingMessages.askQuestion}
    </Button>
  );
}
