/**
 * `npm start`: the whole product on this machine, in one command, no Docker.
 * `npm run dev`: the same stack plus Vite's dev server with hot reload.
 */
import { spawn } from 'node:child_process';
import { ROLE_LABELS, type Role } from '#shared';
import { localConfig, publicUrl, url } from './config.js';
import { stopAll, stopOnSignals, track } from './processes.js';
import { startStack } from './stack.js';
import { buildWeb, viteBin, webBuildIsStale } from './web-build.js';

const started = performance.now();
const dev = process.argv.includes('--dev');
stopOnSignals();

try {
  if (!dev && webBuildIsStale()) {
    console.log('[kalan] Construction de l’application web…');
    await buildWeb();
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const stackStarted = performance.now();
  const stack = await startStack();
  let devUrl: string | undefined;
  if (dev) {
    const vite = viteBin();
    const port = String(localConfig.ports.vite);
    track(
      spawn(process.execPath, [vite, '--config', 'web/vite.config.ts', '--port', port, '--strictPort'], {
        cwd: localConfig.root,
        env: { ...process.env, KALAN_API_ORIGIN: url(localConfig.ports.app) },
        stdio: 'inherit',
      }),
      'vite',
    );
    devUrl = publicUrl(localConfig.ports.vite);
  }
  const stackSeconds = (performance.now() - stackStarted) / 1000;
  const lines = [
    '',
    `  Kalan tourne sur ${devUrl ?? stack.appUrl}${devUrl ? ' (rechargement à chaud)' : ''}`,
    '',
    '  Comptes de démonstration :',
    ...stack.accounts.map(
      (a) => `    ${ROLE_LABELS[a.role as Role].padEnd(13)} ${a.email.padEnd(28)} mot de passe : ${a.password}`,
    ),
    "  L'admin active d'abord la double authentification (QR code, application d'authentification).",
    '',
    `  Boîte aux lettres locale (codes de vérification et de réinitialisation) : ${stack.mailboxUrl}`,
    `  WhatsApp local (conversations, boutons Accepter / Refuser) : ${stack.whatsappUrl}`,
    '',
    `  Données : ${localConfig.inMemory ? 'en mémoire' : localConfig.dataDir} (npm run reset pour repartir de zéro)`,
    `  Ctrl-C pour tout arrêter.`,
    '',
  ];
  console.log(lines.join('\n'));
  // Machine-readable line: tests and the benchmark wait for it.
  console.log(
    `[kalan] ready in ${((performance.now() - started) / 1000).toFixed(1)} s (stack ${stackSeconds.toFixed(1)} s, web build ${buildSeconds.toFixed(1)} s)`,
  );
} catch (error) {
  console.error('[kalan] Échec du démarrage :', error);
  await stopAll();
  process.exit(1);
}
