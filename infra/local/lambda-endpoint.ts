/**
 * The Lambda Invoke API that cognito-local calls for its triggers (pre-sign-up, post-confirmation,
 * custom message), and the WebSocket API's management API (`/@connections/{id}`, realtime.ts)
 * that the handlers push through (REALTIME_MANAGEMENT_ENDPOINT).
 *
 * Its own server on the loopback, never the app's port: the post-confirmation trigger writes the
 * profile with the role it is handed, so whoever can call it can make themselves admin. In AWS only
 * Cognito may invoke the triggers (a resource policy); here only processes of this machine can,
 * whatever KALAN_HOST says.
 */
import http from 'node:http';
import { eventHandlers } from '#shared';
import { localConfig, localFunctionNames, type LocalConfig } from './config.js';
import { invoke } from './lambda-runtime.js';
import { handleManagementRequest, type SocketRegistry } from './realtime.js';

/** The loopback, always (see above). */
export const LAMBDA_ENDPOINT_HOST = '127.0.0.1';
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readPayload(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) throw Object.assign(new Error('Charge utile trop volumineuse'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    throw Object.assign(new Error("La charge utile n'est pas un JSON valide"), { status: 400 });
  }
}

export function createLambdaEndpoint(sockets?: SocketRegistry): http.Server {
  const triggerHandlers: Record<string, string> = {
    [localFunctionNames.preSignUp]: eventHandlers.preSignUp,
    [localFunctionNames.postConfirmation]: eventHandlers.postConfirmation,
    [localFunctionNames.customMessage]: eventHandlers.customMessage,
  };

  async function handleInvoke(req: http.IncomingMessage, res: http.ServerResponse, name: string): Promise<void> {
    const handlerModule = triggerHandlers[name];
    if (!handlerModule) {
      return send(res, 404, { Type: 'User', message: `Fonction introuvable : ${name}` }, {
        'x-amzn-errortype': 'ResourceNotFoundException',
      });
    }
    const payload = await readPayload(req);
    try {
      const result = await invoke(handlerModule, payload);
      send(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      // As Lambda reports a function's error: 200, with the error in the body.
      const err = error as Error;
      send(res, 200, { errorType: err.name ?? 'Error', errorMessage: err.message, trace: [] }, {
        'x-amz-function-error': 'Unhandled',
      });
    }
  }

  return http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (handleManagementRequest(req, res, pathname, sockets)) return;
    const invokeMatch = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(pathname);
    if (!invokeMatch || req.method !== 'POST') return send(res, 404, { message: 'Ressource introuvable' });
    let name: string;
    try {
      name = decodeURIComponent(invokeMatch[1]!);
    } catch {
      return send(res, 400, { message: 'Nom de fonction invalide' });
    }
    handleInvoke(req, res, name).catch((error: { status?: number; message?: string }) => {
      if (!res.headersSent) send(res, error.status ?? 500, { message: error.status ? error.message : 'Erreur interne' });
      else res.end();
    });
  });
}

/** Starts the endpoint on the loopback at `config.ports.lambda`. */
export async function listenLambdaEndpoint(config: LocalConfig = localConfig): Promise<http.Server> {
  const server = createLambdaEndpoint();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.ports.lambda, LAMBDA_ENDPOINT_HOST, resolve);
  });
  return server;
}
