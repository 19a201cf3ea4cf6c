import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreenOf } from './app/router';
import { kalanSystem } from './app/theme';
import { preloadAmplify } from './lib/amplify';
import { listenForInstallPrompt } from './lib/pwa/install';
import { startServiceWorker } from './lib/pwa/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root est absent de index.html');

preloadScreenOf(window.location.pathname);
preloadAmplify();
// The installed app (issue 34): Chrome's install event fires once, early; the worker registers after the load.
listenForInstallPrompt();
startServiceWorker();

/** Ends the current task: the browser may paint and answer a tap before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The start is cut into tasks a slow phone can interleave with a tap (Lighthouse's "total
// blocking time"): the modules' evaluation, then the theme, then the first render, which React
// slices into a few milliseconds at a time because it is a transition. (No top-level await: it
// would change how the bundler splits the code, and /auth would load far more of it.)
void nextTask()
  .then(() => {
    kalanSystem();
    return nextTask();
  })
  .then(() =>
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );
