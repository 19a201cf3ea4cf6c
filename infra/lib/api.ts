import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnRoute,
  CfnStage,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpIntegration,
  HttpIntegrationType,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type RouteDefinition, type RouteId, routeKey, routes } from '#shared/routes';
import { PUBLIC_API_PREFIX } from '#shared/visitors';
import { KalanFunction } from './kalan-function.js';
import { acknowledge } from './nag.js';
import type { Stage } from './stage.js';

/** The stage's ceiling against runaway clients, far above the expected traffic. */
export const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const satisfies ThrottleSettings;

/**
 * The visitors' routes (`/api/public/`, issue 17), for all visitors together: half the stage's
 * ceiling, so that a crawl of the public search leaves the signed-in users room. Each address is
 * limited by the WAF (`RATE_LIMITS.publicApiPerIp`), which API Gateway cannot do.
 */
export const PUBLIC_API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const satisfies ThrottleSettings;

/**
 * Tighter per-route limits (requests per second, for the whole API): the visitors' routes, the
 * other routes anyone can call without a session (payment webhooks, which Paystack sends a few at
 * a time) and the payment initialisation, which calls Paystack and so must not be turned into a
 * flood against it.
 */
export function routeThrottle(route: RouteDefinition): ThrottleSettings | undefined {
  if (route.path.startsWith(PUBLIC_API_PREFIX)) return PUBLIC_API_THROTTLE;
  if (route.auth !== 'jwt') return { rateLimit: 10, burstLimit: 20 };
  if (route.handler === 'payments/initialize') return { rateLimit: 10, burstLimit: 20 };
  return undefined;
}

export interface ApiProps {
  readonly stage: Stage;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /**
   * Where the route table's functions live, with their integrations and invoke permissions (a
   * nested stack: kalan-stack.ts). The API, its stage, authorizer and routes stay here: a route moved
   * to another stack would be created before its old self is deleted, which API Gateway refuses (one
   * route per key).
   */
  readonly functionsScope: Construct;
}

/**
 * The HTTP API, built from the shared route table: one route per entry, one Lambda per handler
 * module (in `functionsScope`), the Cognito JWT authorizer on every route except those the table
 * declares public.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** The API's own hostname (`<id>.execute-api.<region>.amazonaws.com`), CloudFront's origin. */
  readonly domainName: string;
  /** The API's functions by handler module. */
  readonly functions = new Map<string, KalanFunction>();

  /**
   * The Lambda of a handler module of the route table, for the constructs that grant it more than
   * the table (buckets, the state machine, secrets, Bedrock) and set its environment.
   */
  functionFor(handlerModule: string): KalanFunction {
    const fn = this.functions.get(handlerModule);
    if (!fn) throw new Error(`No API function for ${handlerModule}: is it in the route table?`);
    return fn;
  }

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stage, table, userPool, userPoolClient, functionsScope } = props;

    // No CORS: the browser reaches the API through the site's own origin (CloudFront `/api/*`).
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `kalan-${stage.name}`,
      createDefaultStage: false,
    });
    const httpStage = this.addDefaultStage(stage);
    const { region, urlSuffix } = Stack.of(this);
    this.domainName = `${this.httpApi.apiId}.execute-api.${region}.${urlSuffix}`;

    // What HttpJwtAuthorizer made when the routes were L2 HttpRoutes: same construct, same resource.
    const authorizer = new HttpAuthorizer(this.httpApi, 'CognitoJwt', {
      httpApi: this.httpApi,
      type: HttpAuthorizerType.JWT,
      authorizerName: 'CognitoJwt',
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${region}.${urlSuffix}/${userPool.userPoolId}`,
      jwtAudience: [userPoolClient.userPoolClientId],
    });

    const integrations = new Map<string, HttpIntegration>();
    const integrationFor = (route: RouteDefinition): HttpIntegration => {
      const { handler: handlerModule } = route;
      let integration = integrations.get(handlerModule);
      if (!integration) {
        const id = constructIdFor(handlerModule);
        const fn = new KalanFunction(functionsScope, id, { handlerModule, table, stage });
        this.functions.set(handlerModule, fn);
        integration = new HttpIntegration(functionsScope, `${id}Integration`, {
          httpApi: this.httpApi,
          integrationType: HttpIntegrationType.AWS_PROXY,
          integrationUri: fn.functionArn,
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        });
        // A module serving several routes (notifications/api; the search and the tutor's profile,
        // each for members and visitors) gets one API-scoped invoke permission instead of one per
        // route: the stack's resources stay under CloudFormation's 500.
        const shared = Object.values(routes).filter((r) => r.handler === handlerModule).length > 1;
        fn.addPermission(`${id}Invoke`, {
          principal: new ServicePrincipal('apigateway.amazonaws.com'),
          sourceArn: Stack.of(this).formatArn({
            service: 'execute-api',
            resource: this.httpApi.apiId,
            resourceName: shared ? '*/*/*' : `*/*${route.path}`,
          }),
        });
        integrations.set(handlerModule, integration);
      }
      return integration;
    };

    // CloudFormation's RouteSettings is a free-form map, written as the template names its keys.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [routeId, route] of Object.entries(routes) as Array<[RouteId, RouteDefinition]>) {
      const throttle = routeThrottle(route);
      if (throttle) {
        routeSettings[routeKey(route)] = { ThrottlingRateLimit: throttle.rateLimit!, ThrottlingBurstLimit: throttle.burstLimit! };
      }
      // The CloudFormation route at the path the L2 HttpRoute gave it (`Route-<id>/Resource`), so
      // that it keeps its logical id: the L2 would build the integration beside the route, here.
      const httpRoute = new Construct(this, `Route-${routeId}`);
      const cfnRoute = new CfnRoute(httpRoute, 'Resource', {
        apiId: this.httpApi.apiId,
        routeKey: routeKey(route),
        target: `integrations/${integrationFor(route).integrationId}`,
        // Public routes: the payment webhooks authenticate the caller themselves (by signature); the
        // visitors' routes identify nobody and answer public fields only.
        ...(route.auth === 'jwt' ? { authorizerId: authorizer.authorizerId, authorizationType: 'JWT' } : { authorizationType: 'NONE' }),
      });
      // Route settings name routes by key: the stage must be created after them.
      if (throttle) httpStage.node.addDependency(cfnRoute);
      if (route.path.startsWith(PUBLIC_API_PREFIX)) {
        acknowledge(
          httpRoute,
          "A visitors' route (issue 17): nobody is identified, on purpose — it answers the tutors listed publicly and only their public fields (PUBLIC_TUTOR_CARD_KEYS, PUBLIC_TUTOR_PROFILE_KEYS), limited per address by the WAF and for all by this route's throttle.",
          'AwsSolutions-APIG4',
        );
      }
      if (route.handler === 'whatsapp/webhook') {
        acknowledge(
          httpRoute,
          "Meta's WhatsApp Cloud API cannot present a Cognito JWT: the webhook authenticates each POST by the HMAC-SHA256 signature of its raw body with the app secret (X-Hub-Signature-256, 401 otherwise) and answers the GET handshake only to the verify token (403 otherwise); a button's payload carries no authority (only the verified number of the lesson's tutor acts).",
          'AwsSolutions-APIG4',
        );
      }
    }
    // The L2 HttpStage has no per-route settings; CloudFormation's stage has.
    (httpStage.node.defaultChild as CfnStage).routeSettings = routeSettings;
  }

  private addDefaultStage(stage: Stage): HttpStage {
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    return new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No query strings, headers or paths beyond the route: document URLs must stay out of logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sourceIp: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
  }
}

/** `auth/get-me` → `AuthGetMe`: a stable construct id, hence a stable logical id. */
function constructIdFor(handlerModule: string): string {
  return handlerModule
    .split(/[/_-]/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
