import { Alert } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { offlineCopyLabel } from '@/lib/pwa/offline-copy-label';
import { forgetOfflineCopies, useOfflineCopyDate } from '@/lib/pwa/offline-copy-store';
import type { OfflineCopyScreen } from '@/lib/pwa/offline-copies';
import { useOnline } from '@/lib/pwa/online';

/** How often a screen still on its copy while the browser says online asks the network again. */
const RETRY_ONLINE_MS = 5_000;


/**
 * Over a screen whose data is the last copy the service worker kept (issue 34): says so, and of
 * when. When the network comes back the screens ask again (their data is "fresh" for react-query,
 * which would not), and the banner goes with the first fresh answer.
 */
export function OfflineCopyBanner({ screen }: { screen: OfflineCopyScreen }) {
  const madeAt = useOfflineCopyDate(screen);
  const online = useOnline();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (online && forgetOfflineCopies()) void queryClient.invalidateQueries();
  }, [online, queryClient]);
  // The browser says online but the answer still came from the copy (the radio is back before the
  // network is): asked again every few seconds until a fresh answer takes the banner away.
  const stillCopy = online && madeAt !== null;
  useEffect(() => {
    if (!stillCopy) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ type: 'active' }), RETRY_ONLINE_MS);
    return () => window.clearInterval(timer);
  }, [stillCopy, queryClient]);
  if (!madeAt) return null;
  return (
    <Alert.Root status="warning" role="status" data-testid="offline-copy-banner">
      <Alert.Indicator />
      <Alert.Title>{offlineCopyLabel(madeAt)}</Alert.Title>
    </Alert.Root>
  );
}
