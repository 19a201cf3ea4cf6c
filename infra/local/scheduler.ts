/**
 * EventBridge Scheduler, locally: the REST-JSON calls the production code makes
 * (functions/src/notifications/reminders.ts) — `CreateSchedule` (`POST /schedules/{Name}`),
 * `GetSchedule` (`GET`), `DeleteSchedule` (`DELETE`), in a group (`groupName`) — for one-time
 * schedules (`at(yyyy-mm-ddThh:mm:ss)`, UTC) whose target is a Lambda function of the stack. At the
 * schedule's time a timer invokes the function's handler module with the target's `Input`, retries
 * a failed invocation (`RetryPolicy.MaximumRetryAttempts`, at most 5 here, a second apart), and
 * deletes the schedule afterwards when `ActionAfterCompletion` is `DELETE`.
 *
 * Schedules survive a restart: they are kept in `<dataDir>/schedules.json`; those whose time passed
 * while the stack was stopped run at start, as the scheduler would have run them.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { localConfig, type LocalConfig } from './config.js';
import { invoke } from './lambda-runtime.js';

const ACCOUNT = '000000000000';
/** setTimeout's longest delay (~24.8 days): a later schedule is armed again when it wakes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LocalSchedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  ActionAfterCompletion: 'NONE' | 'DELETE';
  State: 'ENABLED' | 'DISABLED';
  Description?: string;
  FlexibleTimeWindow?: { Mode: string };
  Target: { Arn: string; RoleArn: string; Input?: string; RetryPolicy?: { MaximumRetryAttempts?: number } };
  CreationDate: string;
}

export interface LocalScheduler {
  server: http.Server;
  /** The schedules waiting (tests and the console). */
  list(): LocalSchedule[];
  stop(): void;
}

class SchedulerError extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `at(2026-12-01T08:00:00)` → its instant (UTC). */
export function atInstant(expression: string): Date | null {
  const match = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression);
  if (!match) return null;
  const instant = new Date(`${match[1]}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * `functionModules`: the stack's Lambda function names → their handler modules (what a target's
 * ARN may name).
 */
export function createLocalScheduler(functionModules: Record<string, string>, config: LocalConfig = localConfig): LocalScheduler {
  const file = path.join(config.dataDir, 'schedules.json');
  const schedules = new Map<string, LocalSchedule>();
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;
  const keyOf = (group: string, name: string) => `${group}/${name}`;

  function save(): void {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify([...schedules.values()], null, 2));
    renameSync(`${file}.tmp`, file);
  }

  function remove(key: string): void {
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (schedules.delete(key)) save();
  }

  async function run(key: string): Promise<void> {
    const schedule = schedules.get(key);
    if (!schedule || stopped) return;
    const functionName = schedule.Target.Arn.split(':function:')[1]?.split(':')[0] ?? '';
    const module = functionModules[functionName];
    const attempts = 1 + Math.min(schedule.Target.RetryPolicy?.MaximumRetryAttempts ?? 5, 5);
    for (let attempt = 1; attempt <= attempts && !stopped; attempt += 1) {
      try {
        if (!module) throw new Error(`Function not found: ${schedule.Target.Arn}`);
        await invoke(module, schedule.Target.Input === undefined ? {} : JSON.parse(schedule.Target.Input));
        break;
      } catch (error) {
        console.error(`[scheduler] ${schedule.Name} : échec de l'invocation (essai ${attempt}/${attempts}) :`, (error as Error).message);
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    // A one-time schedule has run: deleted when asked, otherwise kept (and never runs again).
    if (schedule.ActionAfterCompletion === 'DELETE') remove(key);
    else timers.delete(key);
  }

  function arm(key: string): void {
    const schedule = schedules.get(key);
    if (!schedule || stopped) return;
    const at = atInstant(schedule.ScheduleExpression)!.getTime();
    const delay = Math.max(0, at - Date.now());
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => (delay > MAX_TIMER_MS ? arm(key) : void run(key)), Math.min(delay, MAX_TIMER_MS)),
    );
  }

  function create(name: string, body: Partial<LocalSchedule> & { ClientToken?: string }): { ScheduleArn: string } {
    if (!/^[0-9a-zA-Z-_.]{1,64}$/.test(name)) throw new SchedulerError('ValidationException', 400, `Invalid name: ${name}`);
    const group = body.GroupName ?? 'default';
    const key = keyOf(group, name);
    if (schedules.has(key)) throw new SchedulerError('ConflictException', 409, `Schedule ${name} already exists.`);
    if (!body.ScheduleExpression || !atInstant(body.ScheduleExpression)) {
      throw new SchedulerError('ValidationException', 400, 'Only one-time schedules at(yyyy-mm-ddThh:mm:ss) are emulated');
    }
    if (!body.Target?.Arn || !body.Target.RoleArn) throw new SchedulerError('ValidationException', 400, 'Target.Arn and Target.RoleArn are required');
    if (body.ScheduleExpressionTimezone && body.ScheduleExpressionTimezone !== 'UTC') {
      throw new SchedulerError('ValidationException', 400, 'Only UTC is emulated');
    }
    const schedule: LocalSchedule = {
      Name: name,
      GroupName: group,
      Arn: `arn:aws:scheduler:${config.region}:${ACCOUNT}:schedule/${group}/${name}`,
      ScheduleExpression: body.ScheduleExpression,
      ScheduleExpressionTimezone: body.ScheduleExpressionTimezone,
      ActionAfterCompletion: body.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE',
      State: body.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      Description: body.Description,
      FlexibleTimeWindow: body.FlexibleTimeWindow,
      Target: body.Target,
      CreationDate: new Date().toISOString(),
    };
    schedules.set(key, schedule);
    save();
    if (schedule.State === 'ENABLED') arm(key);
    return { ScheduleArn: schedule.Arn };
  }

  // Schedules kept by the last run: armed again (those already due run now).
  try {
    for (const schedule of JSON.parse(readFileSync(file, 'utf8')) as LocalSchedule[]) {
      const key = keyOf(schedule.GroupName, schedule.Name);
      schedules.set(key, schedule);
      if (schedule.State === 'ENABLED') arm(key);
    }
  } catch {
    // none yet
  }

  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown, type?: string) => {
      res.writeHead(status, { 'content-type': 'application/json', ...(type ? { 'x-amzn-errortype': type } : {}) });
      res.end(JSON.stringify(body));
    };
    // Signed calls only (an SDK's SigV4 header): a web page cannot send one without a preflight, which gets no CORS answer.
    if (!/^AWS4-HMAC-SHA256 /.test(req.headers.authorization ?? '')) return reply(403, { message: 'Missing SigV4 signature' }, 'AccessDeniedException');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!match) return reply(404, { message: `Unknown operation ${req.method} ${url.pathname}` }, 'UnknownOperationException');
    const name = decodeURIComponent(match[1]!);
    const key = keyOf(url.searchParams.get('groupName') ?? 'default', name);
    void (async () => {
      try {
        if (req.method === 'POST') return reply(200, create(name, JSON.parse((await readBody(req)) || '{}') as Partial<LocalSchedule>));
        const schedule = schedules.get(key);
        if (!schedule) throw new SchedulerError('ResourceNotFoundException', 404, `Schedule ${name} does not exist.`);
        if (req.method === 'GET') return reply(200, schedule);
        if (req.method === 'DELETE') {
          remove(key);
          return reply(200, {});
        }
        throw new SchedulerError('ValidationException', 400, `Unsupported method ${req.method}`);
      } catch (error) {
        if (error instanceof SchedulerError) return reply(error.status, { message: error.message }, error.type);
        return reply(400, { message: (error as Error).message }, 'ValidationException');
      }
    })();
  });

  return {
    server,
    list: () => [...schedules.values()],
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
