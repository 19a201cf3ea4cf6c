import { createToaster } from '@chakra-ui/react';

/** The Chakra toast store. Use `notify` (./notify) rather than importing this module directly. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 3 });
