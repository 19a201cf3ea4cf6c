import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, type ThrottleSettings, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { eventHandlers } from '#shared/routes';
import { KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import { acknowledge, nagId, nagReference } from './nag.js';
import type { Stage } from './stage.js';

/** The WebSocket API's one stage: the last segment of its `wss://` URL and of its management endpoint. */
export const REALTIME_STAGE_NAME = 'live';

/**
 * Messages per second on the socket, for all clients together (each sends a ping every 5 minutes;
 * events go the other way, through the management API, which this does not count).
 */
export const REALTIME_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const satisfies ThrottleSettings;

export interface RealtimeProps {
  readonly stage: Stage;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /**
   * The WebSocket API with its routes, authorizer, integrations and functions: the `Realtime`
   * nested stack, their place from the start (docs/decisions.md, issue 31), so that no route ever
   * moves (API Gateway allows one route per key).
   */
  readonly scope: Construct;
}

/**
 * The real-time channel of messages (issue 31): an API Gateway WebSocket API whose `$connect` is
 * authorised by the Cognito access token of `?token=` (messages/socket-authorizer), and whose
 * `$connect`, `$disconnect` and `$default` go to messages/socket. The functions that push (their
 * row of infra/lib/permissions.ts declares `manageConnections`: the messages API, the socket
 * function's pong) get `execute-api:ManageConnections` on this stage's connections only, and the
 * management endpoint in REALTIME_MANAGEMENT_ENDPOINT. The access logs stay in the top-level stack
 * with the stage's other log groups (this construct's own stack).
 */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly socket: KalanFunction;
  readonly authorizer: KalanFunction;
  /** `wss://<api id>.execute-api.<region>.amazonaws.com`: what the CSP's connect-src allows. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const { stage, table, userPool, userPoolClient } = props;
    const functions = new Construct(props.scope, 'Realtime');

    this.socket = new KalanFunction(functions, 'Socket', { handlerModule: eventHandlers.socket, table, stage });
    this.authorizer = new KalanFunction(functions, 'SocketAuthorizer', { handlerModule: eventHandlers.socketAuthorizer, table, stage });
    // The token is checked against this pool and its app client (as the HTTP API's JWT authorizer).
    this.authorizer.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    this.authorizer.addEnvironment('USER_POOL_CLIENT_ID', userPoolClient.userPoolClientId);

    // One integration per route: each adds the invoke permission of its own route key only.
    this.api = new WebSocketApi(functions, 'WebSocketApi', {
      apiName: `kalan-${stage.name}-realtime`,
      description: 'Kalan : messages en temps réel',
      connectRouteOptions: {
        integration: new WebSocketLambdaIntegration('ConnectIntegration', this.socket),
        authorizer: new WebSocketLambdaAuthorizer('CognitoToken', this.authorizer, { identitySource: ['route.request.querystring.token'] }),
      },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('DisconnectIntegration', this.socket) },
      defaultRouteOptions: { integration: new WebSocketLambdaIntegration('DefaultIntegration', this.socket) },
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: stage.logRetention, removalPolicy: stage.removalPolicy });
    this.stage = new WebSocketStage(functions, 'Stage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE_NAME,
      autoDeploy: true,
      throttle: REALTIME_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // Never the query string: it carries the access token.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            connectionId: '$context.connectionId',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sourceIp: '$context.identity.sourceIp',
          }),
        ),
      },
    });
    const { region, urlSuffix } = Stack.of(this);
    this.origin = `wss://${this.api.apiId}.execute-api.${region}.${urlSuffix}`;

    for (const fn of kalanFunctionsOf(this)) this.grantDeclared(fn);
    this.acknowledgeNagFindings();
  }

  /**
   * What a function's row declares here (`manageConnections`): ManageConnections on this stage's
   * `@connections` only, and the management endpoint. Done for every function built before Realtime.
   */
  grantDeclared(fn: KalanFunction): void {
    if (!fn.permissions.manageConnections) return;
    this.stage.grantManagementApiAccess(fn);
    fn.addEnvironment('REALTIME_MANAGEMENT_ENDPOINT', this.stage.callbackUrl);
    fn.markGranted('manageConnections');
    acknowledge(
      fn,
      'A push names its connection in the path (`@connections/<id>`); the grant is on this API and stage only, any connection (they are made and gone by the minute).',
      nagId(fn, `AwsSolutions-IAM5[Resource::arn:{partition}:execute-api:{region}:{account}:${nagReference(this.api, 'Ref', fn)}/${REALTIME_STAGE_NAME}/*/@connections/*]`),
    );
  }

  private acknowledgeNagFindings(): void {
    for (const routeKey of ['$disconnect', '$default']) {
      acknowledge(
        this.api,
        `API Gateway authorises a WebSocket connection once, at $connect (the Cognito token, messages/socket-authorizer): ${routeKey} only exists on a connection that passed it, and accepts no authorizer.`,
        'AwsSolutions-APIG4',
      );
    }
  }
}
