import { useParams } from 'react-router-dom';
import { MessagesScreen } from '@/features/messages/components/messages-screen';

/** `/messages` (the list) and `/messages/:id` (a conversation) of a parent or a tutor (issue 31). */
export default function MessagesRoute() {
  const { id } = useParams<{ id: string }>();
  return <MessagesScreen conversationId={id} />;
}
