import { Aspects, Duration, type IAspect, Stack } from 'aws-cdk-lib';
import { HttpApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { DefaultDashboardFactory, MonitoringFacade, SnsAlarmActionStrategy } from 'cdk-monitoring-constructs';
import { Construct, type IConstruct } from 'constructs';
import { BUSINESS_EVENTS, METRICS_NAMESPACE, METRICS_SERVICE, type BusinessEvent } from '#shared/metrics';
import { PAYOUT_PROVIDERS } from '#shared/payouts';
import { KalanFunction } from './kalan-function.js';
import type { Stage } from './stage.js';

export interface MonitoringProps {
  readonly stage: Stage;
  /** Where every alarm goes (e-mailed to the stage's alarmEmail). */
  readonly alarmTopic: ITopic;
}

/** Alarm periods: five minutes, one breaching period. Money problems are worth a message at once. */
const PERIOD = Duration.minutes(5);
/** An alarm at the first occurrence of a counted event; no datapoint means nothing happened. */
function atLeastOne(description: string) {
  return {
    threshold: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingDataOverride: TreatMissingData.NOT_BREACHING,
    alarmDescriptionOverride: description,
  };
}

/** Share of API requests answered 5xx (HTTP API `5xx`, average = share) above which an operator is told. */
export const API_5XX_RATE_THRESHOLD = 0.05;

/**
 * Alarms and one dashboard for the whole stage, with cdk-monitoring-constructs (MonitoringFacade).
 * What it watches is found, not listed: an aspect visits the stack at synthesis, its nested stacks
 * included, and monitors every Lambda function, state machine, HTTP API and dead-letter queue it
 * finds, so a function another construct adds later gets its alarm without an edit here. The
 * alarms live with the facade, in the top-level stack, and read a nested stack's resource through
 * its outputs: their names never move between stacks (CloudFormation would create the new one
 * before deleting the old, under the same name). Every alarm notifies `alarmTopic`.
 *
 * - each function: any error (uncaught, time-out, crash) in 5 minutes — an API route's handled
 *   errors are answers, counted by the API's 5xx rate instead;
 * - each state machine: any failed or timed-out execution; aborted ones beyond those a retry or the
 *   reconciler stopped on purpose (they replace the execution: `ExecutionReplaced`);
 * - the HTTP API: more than 5 % of requests answered 5xx over 5 minutes;
 * - the messages' WebSocket API (issue 31): any integration or execution error (a route's Lambda
 *   failed or could not be called; a refused token is a client error, not counted);
 * - each dead-letter queue: any message;
 * - the business metrics (functions/src/commons/metrics.ts): any `NeedsAttention`, any
 *   `PaymentMismatch`, any `ReconcilerRepair` (an information: something had gone out of step);
 *   the payouts' (issue 30): any `PayoutsFailed`, any `PayoutsStuck`, a `PayoutFloatShortfall` above 0.
 *
 * Our functions get `KALAN_STAGE`, the `stage` dimension of their metrics, here, where the alarms
 * that read it are made: the two cannot disagree.
 */
export class Monitoring extends Construct {
  readonly facade: MonitoringFacade;
  private readonly stage: Stage;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, alarmTopic } = props;
    this.stage = stage;
    this.facade = new MonitoringFacade(this, 'Facade', {
      alarmFactoryDefaults: {
        alarmNamePrefix: `kalan-${stage.name}`,
        actionsEnabled: true,
        action: new SnsAlarmActionStrategy({ onAlarmTopic: alarmTopic }),
        datapointsToAlarm: 1,
        evaluationPeriods: 1,
      },
      metricFactoryDefaults: { period: PERIOD },
      dashboardFactory: new DefaultDashboardFactory(this, 'Dashboards', {
        dashboardNamePrefix: `kalan-${stage.name}`,
        createDashboard: true,
        createSummaryDashboard: false,
        createAlarmDashboard: false,
      }),
    });
    this.facade.addLargeHeader(`Kalan (${stage.name}) : paiements, séquestre et API`);
    this.monitorBusinessEvents();
    Aspects.of(Stack.of(this)).add(new MonitorResources(this));
  }

  /**
   * A business metric as the functions publish it (EMF: namespace Kalan, dimensions service + stage,
   * and those of a metric published per something, like the float's per provider).
   */
  businessMetric(event: BusinessEvent, dimensions: Record<string, string> = {}, statistic = 'Sum'): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: BUSINESS_EVENTS[event],
      dimensionsMap: { service: METRICS_SERVICE, stage: this.stage.name, ...dimensions },
      statistic,
      period: PERIOD,
      label: [BUSINESS_EVENTS[event], ...Object.values(dimensions)].join(' '),
    });
  }

  private monitorBusinessEvents(): void {
    this.facade.monitorCustom({
      alarmFriendlyName: 'Business',
      humanReadableName: 'Événements métier',
      metricGroups: [
        {
          title: 'Paiements',
          metrics: [
            this.businessMetric('PaymentInitialised'),
            this.businessMetric('PaymentEscrowed'),
            this.businessMetric('EscrowReleased'),
            this.businessMetric('PaymentRefunded'),
          ],
        },
        {
          title: 'À regarder',
          metrics: [
            {
              metric: this.businessMetric('NeedsAttention'),
              alarmFriendlyName: 'NeedsAttention',
              addAlarm: {
                Critical: atLeastOne("Une transaction est passée en « Action requise » (needs_attention) : un administrateur doit la regarder (console d'administration)."),
              },
            },
            {
              metric: this.businessMetric('PaymentMismatch'),
              alarmFriendlyName: 'PaymentMismatch',
              addAlarm: {
                Critical: atLeastOne('Paystack a encaissé un montant ou une devise différents de la réservation : à régler à la main chez Paystack.'),
              },
            },
            {
              metric: this.businessMetric('ReconcilerRepair'),
              alarmFriendlyName: 'ReconcilerRepair',
              addAlarm: {
                Info: atLeastOne("Le réconciliateur a réparé une transaction dont le statut et le workflow divergeaient (information : l'historique de la transaction dit quoi)."),
              },
            },
            {
              metric: this.businessMetric('WebhookEventRefused'),
              alarmFriendlyName: 'WebhookEventRefused',
              addAlarm: {
                Critical: atLeastOne(
                  "Un corps signé avec la clé Paystack n'est pas un événement Paystack lisible (400) : Paystack a changé son format, ou la clé secrète a fui. Voir les journaux du webhook.",
                ),
              },
            },
            this.businessMetric('WebhookRejected'),
            {
              metric: this.businessMetric('WhatsAppWebhookFailed'),
              alarmFriendlyName: 'WhatsAppWebhookFailed',
              addAlarm: {
                Critical: atLeastOne(
                  "Le webhook WhatsApp n'a pas pu traiter un appel signé par Meta (un statut, un bouton, un STOP), ou un corps signé n'est pas lisible : Meta a reçu 200 et ne le renverra pas. Voir les journaux du webhook WhatsApp.",
                ),
              },
            },
          ],
        },
        {
          title: 'Retraits des répétiteurs',
          metrics: [
            {
              metric: this.businessMetric('PayoutsFailed'),
              alarmFriendlyName: 'PayoutsFailed',
              addAlarm: {
                Critical: atLeastOne(
                  "Un retrait a échoué chez le prestataire (CinetPay ou Wave) : le montant est revenu sur le solde du répétiteur, son compte de retrait est marqué. Voir la console d'administration (Retraits).",
                ),
              },
            },
            {
              metric: this.businessMetric('PayoutsStuck'),
              alarmFriendlyName: 'PayoutsStuck',
              addAlarm: {
                Critical: atLeastOne(
                  "Un retrait est « demandé » ou « envoyé » depuis plus d'une heure : le prestataire ne répond pas ou le workflow est arrêté. Voir la console d'administration (Retraits).",
                ),
              },
            },
            {
              metric: this.businessMetric('WhatsAppSendFailed'),
              alarmFriendlyName: 'WhatsAppSendFailed',
              addAlarm: {
                Critical: atLeastOne(
                  "WhatsApp a refusé un message (modèle non approuvé, jeton expiré, numéro hors WhatsApp…) : l'e-mail est parti à la place. Voir les journaux (« WhatsApp message refused ») et le WhatsApp Manager de Meta.",
                ),
              },
            },
            // Published per provider by the payouts reconciler (functions/src/payouts/reconcile.ts): one alarm each.
            ...PAYOUT_PROVIDERS.map((provider) => ({
              metric: this.businessMetric('PayoutFloatShortfall', { provider }, 'Maximum'),
              alarmFriendlyName: `PayoutFloatShortfall-${provider}`,
              addAlarm: {
                Critical: {
                  threshold: 0,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
                  treatMissingDataOverride: TreatMissingData.NOT_BREACHING,
                  alarmDescriptionOverride:
                    `Le solde chez ${provider === 'cinetpay' ? 'CinetPay' : 'Wave'} est inférieur aux retraits attendus dans les 24 prochaines heures : approvisionnez-le (console d’administration, Retraits).`,
                },
              },
            })),
          ],
        },
      ],
    });
  }

  /** Called by the aspect for each resource of the stack it knows how to watch. */
  monitor(node: IConstruct): void {
    if (node instanceof LambdaFunction) this.monitorFunction(node);
    else if (node instanceof StateMachine) this.monitorStateMachine(node);
    else if (node instanceof HttpApi) this.monitorHttpApi(node);
    else if (node instanceof WebSocketStage) this.monitorWebSocketStage(node);
    else if (node instanceof Queue && node.deadLetterQueue === undefined) this.monitorDeadLetterQueue(node);
  }

  private monitorFunction(fn: LambdaFunction): void {
    // Ours publish the business metrics; CDK's own functions are left as CDK built them.
    if (fn instanceof KalanFunction) fn.addEnvironment('KALAN_STAGE', this.stage.name);
    this.facade.monitorLambdaFunction({
      lambdaFunction: fn,
      alarmFriendlyName: nameOf(fn),
      humanReadableName: nameOf(fn),
      addFaultCountAlarm: { Critical: { maxErrorCount: 0 } },
    });
  }

  private monitorStateMachine(stateMachine: StateMachine): void {
    const alarmFriendlyName = nameOf(stateMachine);
    this.facade.monitorStepFunction({
      stateMachine,
      alarmFriendlyName,
      humanReadableName: alarmFriendlyName,
      addFailedExecutionCountAlarm: { Critical: { maxErrorCount: 0 } },
      addTimedOutExecutionCountAlarm: { Critical: { maxErrorCount: 0 } },
    });
    // Aborted: a retry (or the reconciler) stops the execution it replaces on purpose and counts it;
    // only the others are news.
    const unexplainedAborts = new MathExpression({
      expression: 'MAX([0, aborted - FILL(replaced, 0)])',
      usingMetrics: {
        aborted: stateMachine.metricAborted({ statistic: 'Sum', period: PERIOD }),
        replaced: this.businessMetric('ExecutionReplaced'),
      },
      period: PERIOD,
      label: 'Exécutions arrêtées sans remplaçante',
    });
    this.facade.monitorCustom({
      alarmFriendlyName: `${alarmFriendlyName}-Aborted`,
      humanReadableName: `${alarmFriendlyName} : exécutions arrêtées`,
      metricGroups: [
        {
          title: 'Exécutions arrêtées (hors relances)',
          metrics: [
            {
              metric: unexplainedAborts,
              alarmFriendlyName: 'UnexplainedAborts',
              addAlarm: {
                Critical: atLeastOne("Une exécution du workflow de séquestre a été arrêtée sans qu'une relance la remplace."),
              },
            },
          ],
        },
      ],
    });
  }

  private monitorHttpApi(api: HttpApi): void {
    this.facade.monitorApiGatewayV2HttpApi({
      api,
      // The stack's API has the one `$default` stage (api.ts), which is also the library's default.
      alarmFriendlyName: nameOf(api),
      humanReadableName: nameOf(api),
      add5xxRateAlarm: { Critical: { maxErrorRate: API_5XX_RATE_THRESHOLD } },
    });
  }

  /**
   * A WebSocket API's stage (cdk-monitoring-constructs has no WebSocket monitor): API Gateway's
   * `IntegrationError` (a route's integration answered an error) and `ExecutionError` (it could not
   * be called), per API and stage. An authorizer's refusal is a `ClientError`: not an alarm.
   */
  private monitorWebSocketStage(stage: WebSocketStage): void {
    const alarmFriendlyName = nameOf(stage.api);
    const metric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: stage.api.apiId, Stage: stage.stageName },
        statistic: 'Sum',
        period: PERIOD,
        label: metricName,
      });
    this.facade.monitorCustom({
      alarmFriendlyName,
      humanReadableName: `${alarmFriendlyName} (WebSocket)`,
      metricGroups: [
        { title: 'Connexions et messages', metrics: [metric('ConnectCount'), metric('MessageCount'), metric('ClientError')] },
        {
          title: 'Erreurs',
          metrics: [
            {
              metric: metric('IntegrationError'),
              alarmFriendlyName: 'IntegrationError',
              addAlarm: {
                Critical: atLeastOne("Une route de l'API WebSocket (messages en temps réel) a répondu par une erreur : voir les journaux de messages/socket. Les écrans se rabattent sur le rafraîchissement périodique."),
              },
            },
            {
              metric: metric('ExecutionError'),
              alarmFriendlyName: 'ExecutionError',
              addAlarm: {
                Critical: atLeastOne("API Gateway n'a pas pu appeler une route de l'API WebSocket (messages en temps réel) : voir ses journaux d'accès."),
              },
            },
          ],
        },
      ],
    });
  }

  /**
   * A queue with no dead-letter queue of its own is one (cdk-nag's AwsSolutions-SQS3 requires every
   * other queue to have one): any message in it is work that failed for good.
   */
  private monitorDeadLetterQueue(queue: Queue): void {
    this.facade.monitorSqsQueue({
      queue,
      alarmFriendlyName: nameOf(queue),
      humanReadableName: `${nameOf(queue)} (dead-letter)`,
      addQueueMaxSizeAlarm: { Critical: { maxMessageCount: 0 } },
    });
  }
}

/**
 * A resource's path in its stack (`Escrow/EscrowTasks`, `Api/AuthGetMe` in the API functions'
 * nested stack: the path they had before the split, so their alarms kept their names), readable in
 * an alarm's name. Two stacks of the stage holding the same path would give two alarms one name:
 * the facade refuses it at synthesis.
 */
function nameOf(construct: IConstruct): string {
  const stackPath = Stack.of(construct).node.path;
  return construct.node.path.slice(stackPath.length + 1);
}

/** Visits the whole stack at synthesis: what exists by then is watched, whoever added it. */
class MonitorResources implements IAspect {
  constructor(private readonly monitoring: Monitoring) {}

  visit(node: IConstruct): void {
    // Never the facade's own constructs.
    if (node.node.scopes.includes(this.monitoring)) return;
    this.monitoring.monitor(node);
  }
}
