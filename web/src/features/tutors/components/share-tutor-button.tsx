import { tutorPagePath } from '#shared/visitors';
import { Button } from '@chakra-ui/react';
import { LuShare2 } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import type { TutorPageProfile } from '@/lib/visitor-tutors';
import { shareTextOf } from '../share-text';

/**
 * 'Partager' (issue 17): the phone's share sheet (Web Share API: WhatsApp, SMS…) with the tutor
 * page's address, or the address copied where the browser has no share sheet ('Lien copié').
 * The link is the tutor's page, whose HTML carries the preview (title, Open Graph).
 */
export function ShareTutorButton({ tutor, name }: { tutor: TutorPageProfile; name: string }) {
  const share = async () => {
    const url = `${window.location.origin}${tutorPagePath(tutor.id)}`;
    const data = { title: `${name} — Kalan`, text: shareTextOf(tutor, name), url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closed by the user: nothing to do. Refused otherwise: the link is copied instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success({ title: 'Lien copié', description: url });
    } catch {
      notify.info({ title: 'Copiez ce lien pour le partager', description: url });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <LuShare2 />
      Partager
    </Button>
  );
}
