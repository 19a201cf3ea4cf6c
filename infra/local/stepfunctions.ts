/**
 * A small local Step Functions endpoint (AWS JSON 1.0 protocol: StartExecution, SendTaskSuccess,
 * SendTaskFailure, DescribeExecution, StopExecution) so the handlers use @aws-sdk/client-sfn
 * unchanged through AWS_ENDPOINT_URL_SFN. It runs the SAME definitions CDK deploys — the escrow
 * (functions/src/escrow/escrow.asl.json) and the payouts (functions/src/payouts/payouts.asl.json),
 * each under its own ARN — with aws-local-stepfunctions; Lambda task states call the handler
 * modules in-process. `.waitForTaskToken` tasks get a token, invoke their Lambda with it, and wait
 * for SendTaskSuccess/Failure (or their timeout).
 *
 * Executions live in memory: on restart, `resumeInFlight` starts a new attempt for every transaction
 * that is not final and every payout still requested or sent, and each workflow picks up from the
 * table's state (its first step reads it; a payout's Send finds the transfer already made under the
 * payout id rather than making a second one).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eventHandlers } from '#shared/routes';
import { awsEnvironment, localConfig, type LocalConfig } from './config.js';
import { invoke } from './lambda-runtime.js';

// aws-local-stepfunctions uses Promise.withResolvers (Node 22); this machine runs Node 20.
if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

const ACCOUNT = '000000000000';
export const ASL_FILE = path.join(localConfig.root, 'functions', 'src', 'escrow', 'escrow.asl.json');
export const PAYOUTS_ASL_FILE = path.join(localConfig.root, 'functions', 'src', 'payouts', 'payouts.asl.json');

/** One state machine the runner serves: its ARN, its definition, and the Lambda its Tasks call. */
interface LocalStateMachineSpec {
  /** The last part of its ARN (`kalan-local-escrow`), also in its executions' ARNs. */
  name: string;
  stateMachineArn: string;
  aslFile: string;
  /** The key of CDK's `definitionSubstitutions` that names the tasks function's ARN (`${key}` in the file). */
  functionArnSubstitution: string;
  tasksFunctionArn: string;
  /** The handler module (functions/src/<module>.ts) behind that ARN. */
  tasksModule: string;
}

export function localEscrowNames(config: LocalConfig = localConfig) {
  return {
    stateMachineArn: awsEnvironment(config).ESCROW_STATE_MACHINE_ARN!,
    tasksFunctionArn: `arn:aws:lambda:${config.region}:${ACCOUNT}:function:kalan-local-escrow-tasks`,
  };
}

export function localPayoutNames(config: LocalConfig = localConfig) {
  return {
    stateMachineArn: awsEnvironment(config).PAYOUT_STATE_MACHINE_ARN!,
    tasksFunctionArn: `arn:aws:lambda:${config.region}:${ACCOUNT}:function:kalan-local-payout-tasks`,
  };
}

function localStateMachineSpecs(config: LocalConfig): LocalStateMachineSpec[] {
  const escrow = localEscrowNames(config);
  const payouts = localPayoutNames(config);
  return [
    {
      name: 'kalan-local-escrow',
      ...escrow,
      aslFile: ASL_FILE,
      functionArnSubstitution: 'EscrowTasksFunctionArn',
      tasksModule: eventHandlers.escrowTasks,
    },
    {
      name: 'kalan-local-payouts',
      ...payouts,
      aslFile: PAYOUTS_ASL_FILE,
      functionArnSubstitution: 'PayoutTasksFunctionArn',
      tasksModule: eventHandlers.payoutTasks,
    },
  ];
}

type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED_OUT';

interface Execution {
  stateMachineArn: string;
  executionArn: string;
  name: string;
  input: string;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  abort: () => void;
}

interface Waiter {
  executionArn: string;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
  deadline: number;
}

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

class TaskFailure extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface AslState {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  [key: string]: unknown;
}

/**
 * Step Functions reads a Task's TimeoutSecondsPath from the state's input; aws-local-stepfunctions
 * reads it after Parameters. The definition passes the same value in the Lambda payload
 * (`"waitSeconds.$": "$.waitSeconds"`), so locally the path points there instead: same file,
 * same timeouts.
 */
function adaptTimeoutPaths(states: Record<string, AslState>): void {
  for (const state of Object.values(states)) {
    const path = state.TimeoutSecondsPath;
    const payload = (state.Parameters as { Payload?: Record<string, unknown> } | undefined)?.Payload;
    if (typeof path !== 'string' || !payload) continue;
    const field = Object.entries(payload).find(([key, value]) => key.endsWith('.$') && value === path)?.[0];
    if (field) state.TimeoutSecondsPath = `$.Payload.${field.slice(0, -2)}`;
  }
}

/**
 * State transitions of every local execution so far, as Step Functions Standard bills them (each
 * state entered, each retry). Read by the cost benchmark; reading the runner's event log also
 * keeps its queue from growing for the execution's lifetime.
 */
let transitions = 0;

export function localStateTransitions(): number {
  return transitions;
}

let running = 0;

/** Executions of this process not finished yet (the cost benchmark waits for the last ones). */
export function localRunningExecutions(): number {
  return running;
}

async function countTransitions(events: AsyncGenerator<{ type: string }>): Promise<void> {
  for await (const event of events) if (event.type === 'StateEntered' || event.type === 'StateRetried') transitions++;
}

export interface LocalStepFunctions {
  server: http.Server;
  startExecution(name: string, input: string, stateMachineArn?: string): { executionArn: string; startDate: Date };
  resumeInFlight(): Promise<number>;
  stop(): void;
}

/** A definition loaded for the runner: the library's state machine and the run options it needs. */
interface LoadedStateMachine {
  spec: LocalStateMachineSpec;
  states: Record<string, AslState>;
  stateMachine: { run: (input: never, options: never) => { result: Promise<unknown>; abort: () => void; eventLogs: AsyncGenerator<{ type: string }> } };
  retryIntervalOverrides: Record<string, number>;
  waitTimeOverrides: Record<string, number>;
}

/**
 * Retries wait seconds to minutes in the cloud (backoff with full jitter); locally every retry of
 * every Task waits LOCAL_SFN_RETRY_INTERVAL_MS (default 100 ms), so a Paystack or CinetPay outage
 * or a throttled table plays out in a test in under a second. The definition's values stay the
 * production ones.
 */
function localRetryMs(): number {
  const value = Number(process.env.LOCAL_SFN_RETRY_INTERVAL_MS ?? 100);
  return Number.isFinite(value) && value >= 0 ? value : 100;
}

/**
 * A payout's Wait between two checks is PAYOUT_CHECK_SECONDS (whole seconds, as Step Functions
 * wants); LOCAL_PAYOUT_CHECK_MS, when set, replaces it by milliseconds on this machine (the bench
 * measures the workflow, not the wait).
 */
function localWaitMs(): number | undefined {
  const raw = process.env.LOCAL_PAYOUT_CHECK_MS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`LOCAL_PAYOUT_CHECK_MS invalide : ${raw}`);
  return value;
}

export async function createLocalStepFunctions(config: LocalConfig = localConfig): Promise<LocalStepFunctions> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const specs = localStateMachineSpecs(config);
  const retryMs = localRetryMs();
  const waitMs = localWaitMs();
  const machines = new Map<string, LoadedStateMachine>(
    specs.map((spec) => {
      const definitionText = readFileSync(spec.aslFile, 'utf8').replaceAll(`\${${spec.functionArnSubstitution}}`, spec.tasksFunctionArn);
      const definition = JSON.parse(definitionText) as { States: Record<string, AslState> };
      adaptTimeoutPaths(definition.States);
      const stateMachine = new StateMachine(definition as never, { validationOptions: { checkArn: true, checkPaths: true } });
      const stateNames = (type: string | undefined, predicate: (state: AslState) => boolean) =>
        Object.entries(definition.States)
          .filter(([, state]) => (type === undefined || state.Type === type) && predicate(state))
          .map(([name]) => name);
      const retryIntervalOverrides = Object.fromEntries(stateNames(undefined, (state) => Array.isArray(state.Retry)).map((name) => [name, retryMs]));
      const waitTimeOverrides =
        waitMs === undefined ? {} : Object.fromEntries(stateNames('Wait', (state) => typeof state.SecondsPath === 'string').map((name) => [name, waitMs]));
      return [
        spec.stateMachineArn,
        { spec, states: definition.States, stateMachine: stateMachine as unknown as LoadedStateMachine['stateMachine'], retryIntervalOverrides, waitTimeOverrides },
      ];
    }),
  );
  const functionModules: Record<string, string> = Object.fromEntries(specs.map((spec) => [spec.tasksFunctionArn, spec.tasksModule]));

  const executions = new Map<string, Execution>();
  const waiters = new Map<string, Waiter>();

  const moduleFor = (functionName: unknown): string => {
    const module = functionModules[String(functionName)];
    if (!module) throw new TaskFailure('Lambda.ResourceNotFoundException', `Function not found: ${String(functionName)}`);
    return module;
  };

  function overridesFor(machine: LoadedStateMachine, executionArn: string): Record<string, (input: unknown) => Promise<unknown>> {
    const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const [stateName, state] of Object.entries(machine.states)) {
      if (state.Type !== 'Task') continue;
      if (state.Resource?.endsWith('.waitForTaskToken')) {
        handlers[stateName] = async (input) => {
          const { FunctionName, Payload } = input as { FunctionName: string; Payload: Record<string, unknown> };
          const taskToken = randomBytes(24).toString('base64url');
          // The same wait as the state's TimeoutSecondsPath (the definition passes it in the payload).
          const timeoutSeconds = Number((Payload as { waitSeconds?: number }).waitSeconds ?? state.TimeoutSeconds ?? 60);
          const result = new Promise<unknown>((resolve, reject) => {
            waiters.set(taskToken, { executionArn, resolve, reject, deadline: Date.now() + timeoutSeconds * 1000 });
          });
          try {
            await invoke(moduleFor(FunctionName), { ...Payload, taskToken });
          } catch (error) {
            waiters.delete(taskToken);
            throw error;
          }
          return result.finally(() => waiters.delete(taskToken));
        };
      } else {
        handlers[stateName] = async (input) => {
          const { FunctionName, Payload } = input as { FunctionName: string; Payload: unknown };
          return { StatusCode: 200, Payload: (await invoke(moduleFor(FunctionName), Payload)) ?? null };
        };
      }
    }
    return handlers;
  }

  /** Starts an execution of the escrow machine (the default) or of the one `stateMachineArn` names. */
  function startExecution(name: string, input: string, stateMachineArn: string = localEscrowNames(config).stateMachineArn): { executionArn: string; startDate: Date } {
    const machine = machines.get(stateMachineArn);
    if (!machine) throw new SfnError('StateMachineDoesNotExist', 'State machine does not exist');
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new SfnError('InvalidName', `Invalid name: ${name}`);
    const executionArn = `arn:aws:states:${config.region}:${ACCOUNT}:execution:${machine.spec.name}:${name}`;
    const existing = executions.get(executionArn);
    if (existing) {
      if (existing.status === 'RUNNING' && existing.input === input) return existing;
      throw new SfnError('ExecutionAlreadyExists', `Execution already exists: ${executionArn}`);
    }
    let parsedInput: unknown;
    try {
      parsedInput = JSON.parse(input || '{}');
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Input is not valid JSON');
    }
    const run = machine.stateMachine.run(parsedInput as never, {
      overrides: {
        taskResourceLocalHandlers: overridesFor(machine, executionArn),
        retryIntervalOverrides: machine.retryIntervalOverrides,
        waitTimeOverrides: machine.waitTimeOverrides,
      },
      // `$$.Execution.Name` is what MarkNeedsAttention (and the payouts' Flag) records the attempt from.
      context: { Task: { Token: 'replaced-by-the-local-runner' }, Execution: { Id: executionArn, Name: name } },
    } as never);
    void countTransitions(run.eventLogs);
    running++;
    void run.result.then(
      () => running--,
      () => running--,
    );
    const execution: Execution = { stateMachineArn, executionArn, name, input, status: 'RUNNING', startDate: new Date(), abort: run.abort };
    executions.set(executionArn, execution);
    run.result.then(
      (output: unknown) => {
        execution.status = 'SUCCEEDED';
        execution.output = JSON.stringify(output ?? null);
        execution.stopDate = new Date();
      },
      (error: Error) => {
        if (execution.status === 'RUNNING') execution.status = 'FAILED';
        execution.error = error.name;
        execution.cause = error.message;
        execution.stopDate = new Date();
        if (execution.status === 'FAILED') console.error(`[sfn] ${name} a échoué : ${error.message}`);
      },
    );
    return execution;
  }

  function waiterFor(taskToken: unknown): Waiter {
    const waiter = typeof taskToken === 'string' ? waiters.get(taskToken) : undefined;
    if (!waiter) throw new SfnError('TaskDoesNotExist', 'Task does not exist anymore');
    if (Date.now() > waiter.deadline) {
      waiters.delete(taskToken as string);
      throw new SfnError('TaskTimedOut', 'Task timed out');
    }
    return waiter;
  }

  const actions: Record<string, (body: Record<string, unknown>) => unknown> = {
    StartExecution: (body) => {
      const { executionArn, startDate } = startExecution(
        String(body.name ?? randomBytes(8).toString('hex')),
        String(body.input ?? '{}'),
        String(body.stateMachineArn),
      );
      return { executionArn, startDate: startDate.getTime() / 1000 };
    },
    SendTaskSuccess: (body) => {
      const waiter = waiterFor(body.taskToken);
      let output: unknown;
      try {
        output = JSON.parse(String(body.output ?? 'null'));
      } catch {
        throw new SfnError('InvalidOutput', 'Output is not valid JSON');
      }
      waiters.delete(body.taskToken as string);
      waiter.resolve(output);
      return {};
    },
    SendTaskFailure: (body) => {
      const waiter = waiterFor(body.taskToken);
      waiters.delete(body.taskToken as string);
      waiter.reject(new TaskFailure(String(body.error ?? 'States.TaskFailed'), String(body.cause ?? '')));
      return {};
    },
    DescribeExecution: (body) => {
      const execution = executions.get(String(body.executionArn));
      if (!execution) throw new SfnError('ExecutionDoesNotExist', 'Execution does not exist');
      return {
        executionArn: execution.executionArn,
        stateMachineArn: execution.stateMachineArn,
        name: execution.name,
        status: execution.status,
        startDate: execution.startDate.getTime() / 1000,
        ...(execution.stopDate ? { stopDate: execution.stopDate.getTime() / 1000 } : {}),
        input: execution.input,
        ...(execution.output !== undefined ? { output: execution.output } : {}),
        ...(execution.error ? { error: execution.error, cause: execution.cause } : {}),
      };
    },
    StopExecution: (body) => {
      const execution = executions.get(String(body.executionArn));
      if (!execution) throw new SfnError('ExecutionDoesNotExist', 'Execution does not exist');
      if (execution.status === 'RUNNING') {
        execution.status = 'ABORTED';
        execution.stopDate = new Date();
        execution.abort();
        for (const [token, waiter] of waiters) if (waiter.executionArn === execution.executionArn) waiters.delete(token);
      }
      return { stopDate: (execution.stopDate ?? new Date()).getTime() / 1000 };
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const action = actions[target.replace(/^AWSStepFunctions\./, '')];
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !action) {
        return send(400, { __type: 'UnknownOperationException', message: `Unknown operation ${target}` }, {
          'x-amzn-errortype': 'UnknownOperationException',
        });
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        send(200, action(body));
      } catch (error) {
        const type = error instanceof SfnError ? error.type : 'InternalFailure';
        send(error instanceof SfnError ? 400 : 500, { __type: `com.amazonaws.swf.service.v2.model#${type}`, message: (error as Error).message }, {
          'x-amzn-errortype': type,
        });
      }
    });
  });

  async function resumeInFlight(): Promise<number> {
    const { allTransactionIds, transactionsByIds } = await import('../../functions/src/payments/transactions.js');
    const { nextExecution } = await import('../../functions/src/escrow/workflow.js');
    const { isFinalStatus } = await import('#shared/transaction-process');
    const inFlight = (await transactionsByIds(await allTransactionIds(10_000))).filter((tx) => !isFinalStatus(tx.status));
    for (const tx of inFlight) {
      try {
        // A new attempt, as in the cloud: an execution name is never used twice.
        const execution = await nextExecution(tx.id);
        startExecution(execution.name, execution.input);
      } catch (error) {
        console.error(`[sfn] reprise de ${tx.id} impossible : ${(error as Error).message}`);
      }
    }
    return inFlight.length + (await resumePayouts());
  }

  /**
   * Payouts still requested or sent: a new attempt each (startPayoutWorkflow records it on the
   * payout). Its Send asks the provider under the payout id, so a payout sent just before the stop
   * is found there, never sent twice.
   */
  async function resumePayouts(): Promise<number> {
    const { payoutsByStatus } = await import('../../functions/src/payouts/reconcile.js');
    const { startPayoutWorkflow } = await import('../../functions/src/payouts/workflow.js');
    const inFlight = [...(await payoutsByStatus('requested')), ...(await payoutsByStatus('sent'))];
    for (const payout of inFlight) {
      try {
        await startPayoutWorkflow(payout.id, { expectedAttempt: payout.workflow_attempt ?? 0 });
      } catch (error) {
        console.error(`[sfn] reprise du retrait ${payout.id} impossible : ${(error as Error).message}`);
      }
    }
    return inFlight.length;
  }

  function stop(): void {
    for (const execution of executions.values()) {
      if (execution.status === 'RUNNING') {
        execution.status = 'ABORTED';
        execution.abort();
      }
    }
    // The aborted executions no longer wait on their tasks: drop them (rejecting would only leave
    // rejections nobody handles). A restarted runner resumes every workflow from the table.
    waiters.clear();
  }

  return { server, startExecution, resumeInFlight, stop };
}
