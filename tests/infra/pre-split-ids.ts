/**
 * The logical ids, in the stage's top-level stack, of the resources that must keep their stack and
 * logical id through the split by concern (issue 29): captured from `main`'s synthesis before the
 * split (commit a069ead, `Template.fromStack` of `Kalan-prod` and `Kalan-dev`), as literals, so
 * that a change which moves or renames one fails tests/infra/stacks.test.ts instead of making
 * CloudFormation replace it. A resource leaves this list only on purpose, with the way an existing
 * stage moves written in docs/decisions.md.
 */

/** What holds data: replacing it loses the data (or, for a log group kept in prod, orphans it). */
export const STATEFUL = {
  DataTableFDBAD0F2: 'AWS::DynamoDB::Table', // Data/Table
  DataAccessLogsC0C25EE4: 'AWS::S3::Bucket', // Data/AccessLogs
  DataKycKey0BA27116: 'AWS::KMS::Key', // Data/KycKey: the KYC documents are encrypted with it
  DataKycDocuments0554A4F1: 'AWS::S3::Bucket', // Data/KycDocuments
  DataTutorImages090A6EEE: 'AWS::S3::Bucket', // Data/TutorImages
  DataTutorPhotos5636152E: 'AWS::S3::Bucket', // Data/TutorPhotos
  SearchCatalogue59138EAD: 'AWS::S3::Bucket', // Search/Catalogue
  WebSiteBucket1E6F6F45: 'AWS::S3::Bucket', // Web/SiteBucket: the SPA and the published pages
  AuthUserPool8115E87F: 'AWS::Cognito::UserPool', // Auth/UserPool: the accounts
  // The groups hold each account's role (membership is lost with a group).
  AuthUserPoolGroupparent3E0E3648: 'AWS::Cognito::UserPoolGroup', // Auth/UserPool/Group-parent
  AuthUserPoolGrouptuteurFD6D7BCD: 'AWS::Cognito::UserPoolGroup', // Auth/UserPool/Group-tuteur
  AuthUserPoolGroupentreprise5AB2F447: 'AWS::Cognito::UserPoolGroup', // Auth/UserPool/Group-entreprise
  AuthUserPoolGroupadmin33E4C148: 'AWS::Cognito::UserPoolGroup', // Auth/UserPool/Group-admin
  FunctionLogsAE28C13D: 'AWS::Logs::LogGroup', // FunctionLogs
  ApiAccessLogs50B185DB: 'AWS::Logs::LogGroup', // Api/AccessLogs
  CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756CLogGroup817B64E9: 'AWS::Logs::LogGroup', // CDK's BucketDeployment handler
  EscrowEscrowLogs07D2B662: 'AWS::Logs::LogGroup', // Escrow/EscrowLogs (named)
  // Named; its executions wait days on task tokens.
  EscrowEscrowStateMachine3A890BDA: 'AWS::StepFunctions::StateMachine', // Escrow/EscrowStateMachine
  // Named; holds the lessons' pending reminder schedules (deleted with it).
  NotificationsLessonRemindersDA4D4832: 'AWS::Scheduler::ScheduleGroup', // Notifications/LessonReminders
} as const;

/**
 * What something outside CloudFormation's view holds by identity (an address, a name, an ARN kept
 * in a running execution or a pending schedule), or what cannot be created before its old self is
 * deleted: CloudFormation creates a moved resource in its new stack before it deletes the old one.
 */
export const HELD_BY_IDENTITY = {
  // The SPA's client id (config.json) and every session's refresh token.
  AuthUserPoolWebClient147E4E38: 'AWS::Cognito::UserPoolClient', // Auth/UserPool/WebClient
  // CloudFront's `/api/*` origin is its endpoint.
  ApiHttpApi4C294DC0: 'AWS::ApiGatewayV2::Api', // Api/HttpApi
  ApiDefaultStage189A7074: 'AWS::ApiGatewayV2::Stage', // Api/DefaultStage (one $default per API)
  // The site's address (and a custom domain's alias, which two distributions cannot share).
  WebDistributionCF3E234B: 'AWS::CloudFront::Distribution', // Web/Distribution
  UserPoolAclWebAcl8C2F6405: 'AWS::WAFv2::WebACL', // UserPoolAcl/WebAcl (named)
  // Running executions keep the definition and role they started with: the tasks' ARN, the role and its policy.
  EscrowEscrowTasks6E3F977B: 'AWS::Lambda::Function', // Escrow/EscrowTasks
  EscrowEscrowStateMachineRoleFE58D3E0: 'AWS::IAM::Role', // Escrow/EscrowStateMachine/Role
  EscrowEscrowStateMachineRoleDefaultPolicy2692467D: 'AWS::IAM::Policy', // Escrow/EscrowStateMachine/Role/DefaultPolicy
  // Pending reminder schedules name the notifier and the role they run with.
  NotificationsNotifier52E81969: 'AWS::Lambda::Function', // Notifications/Notifier
  NotificationsReminderSchedulerRoleE0CE8003: 'AWS::IAM::Role', // Notifications/ReminderSchedulerRole
  // Dead-letter queues hold the failed stream batches' records.
  SearchIndexerDeadLetters113185DA: 'AWS::SQS::Queue', // Search/IndexerDeadLetters
  NotificationsNotifierDeadLetters7FB1D8EF: 'AWS::SQS::Queue', // Notifications/NotifierDeadLetters
  // The stage's alarm e-mail confirmed its subscription to this topic.
  Alarms04B5A0BF: 'AWS::SNS::Topic', // Alarms
  MonitoringDashboardsDashboard7D19B914: 'AWS::CloudWatch::Dashboard', // Monitoring/Dashboards/Dashboard (named)
} as const;

/** One route per key and API: a moved route would be refused (409) while its old self exists. */
export const ROUTES = {
  ApiRoutegetMeD581C28C: 'AWS::ApiGatewayV2::Route',
  ApiRouteupdateMe277AB746: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetAdminMfa66406959: 'AWS::ApiGatewayV2::Route',
  ApiRouteenrolAdminMfaA9728E64: 'AWS::ApiGatewayV2::Route',
  ApiRouteexportMyData93D9DB1A: 'AWS::ApiGatewayV2::Route',
  ApiRoutedeleteMeB264E0EE: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetParentPreferencesF5475DAD: 'AWS::ApiGatewayV2::Route',
  ApiRoutesaveParentPreferencesEA148739: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetOrganisationAE2D223B: 'AWS::ApiGatewayV2::Route',
  ApiRoutesaveOrganisation8DD185D6: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetMyTutorProfileFF3A02C9: 'AWS::ApiGatewayV2::Route',
  ApiRoutesaveMyTutorProfile546924D8: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetTutorProfileAE676393: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetTutorSlots54B24788: 'AWS::ApiGatewayV2::Route',
  ApiRoutecreateUploadA73D5AB3: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetUploadUrlAE3D585B: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetMyKyc5B97CF86: 'AWS::ApiGatewayV2::Route',
  ApiRoutesubmitKyc45E49649: 'AWS::ApiGatewayV2::Route',
  ApiRoutelistKycVerifications0DC65E95: 'AWS::ApiGatewayV2::Route',
  ApiRoutereviewKyc73D5C5DB: 'AWS::ApiGatewayV2::Route',
  ApiRoutesearchTutorsE068C00C: 'AWS::ApiGatewayV2::Route',
  ApiRoutelistFavorites88DB30A4: 'AWS::ApiGatewayV2::Route',
  ApiRouteaddFavorite2721371E: 'AWS::ApiGatewayV2::Route',
  ApiRouteremoveFavoriteF3965A86: 'AWS::ApiGatewayV2::Route',
  ApiRoutelistSearchHistory1E15A4C9: 'AWS::ApiGatewayV2::Route',
  ApiRouterecordSearch3A6F74D7: 'AWS::ApiGatewayV2::Route',
  ApiRouteclearSearchHistory9E6FD052: 'AWS::ApiGatewayV2::Route',
  ApiRouterecommendTutorsC207ACA8: 'AWS::ApiGatewayV2::Route',
  ApiRouteinitializePayment779EC89F: 'AWS::ApiGatewayV2::Route',
  ApiRoutepaystackWebhook6992E42C: 'AWS::ApiGatewayV2::Route',
  ApiRoutelistMyTransactionsD2B5FA19: 'AWS::ApiGatewayV2::Route',
  ApiRoutedecideEscrowE0F1E16A: 'AWS::ApiGatewayV2::Route',
  ApiRouteverifyPaymentAB250FE4: 'AWS::ApiGatewayV2::Route',
  ApiRouterateCourse15D3C0CC: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetInvoice6DB0DC8E: 'AWS::ApiGatewayV2::Route',
  ApiRoutetutorEarnings5D726AFD: 'AWS::ApiGatewayV2::Route',
  ApiRouteadminStatsC3A7F899: 'AWS::ApiGatewayV2::Route',
  ApiRouteadminTransactions565C3F50: 'AWS::ApiGatewayV2::Route',
  ApiRouteadminRetryTransactionF8C172F3: 'AWS::ApiGatewayV2::Route',
  ApiRouteadminUsers9FCB5087: 'AWS::ApiGatewayV2::Route',
  ApiRouteadminDisputes247D3934: 'AWS::ApiGatewayV2::Route',
  ApiRouteadminCloseDispute2F301397: 'AWS::ApiGatewayV2::Route',
  ApiRoutelistMyLessons1DF251DE: 'AWS::ApiGatewayV2::Route',
  ApiRoutelessonAction1EF9F799: 'AWS::ApiGatewayV2::Route',
  ApiRoutelistNotifications82CE2494: 'AWS::ApiGatewayV2::Route',
  ApiRoutemarkNotificationRead9AF7A695: 'AWS::ApiGatewayV2::Route',
  ApiRoutemarkAllNotificationsRead1AF77E05: 'AWS::ApiGatewayV2::Route',
  ApiRoutegetNotificationPreferences54E480A0: 'AWS::ApiGatewayV2::Route',
  ApiRoutesaveNotificationPreferences1875C51A: 'AWS::ApiGatewayV2::Route',
  ApiRoutepublicSearchTutors5B69E098: 'AWS::ApiGatewayV2::Route',
  ApiRoutepublicTutorProfile6C816512: 'AWS::ApiGatewayV2::Route',
  ApiRoutenotFound3BCBFBE7: 'AWS::ApiGatewayV2::Route',
} as const;

/**
 * Per stage (their ids name the stage's table): the table stream's consumers resume where they
 * stopped only with the same event source mapping (a new one reads the stream's last 24 hours
 * again: e-mails sent twice); prod's alarm e-mail confirmed this subscription.
 */
export const BY_STAGE: Record<string, Record<string, string>> = {
  prod: {
    SearchIndexerDynamoDBEventSourceKalanprodDataTableCF50E5BFF842E21B: 'AWS::Lambda::EventSourceMapping',
    NotificationsNotifierDynamoDBEventSourceKalanprodDataTableCF50E5BF7204705D: 'AWS::Lambda::EventSourceMapping',
    Alarmsexploitationkalanci93406539: 'AWS::SNS::Subscription',
  },
  dev: {
    SearchIndexerDynamoDBEventSourceKalandevDataTableFB9ABF2DAA4785B0: 'AWS::Lambda::EventSourceMapping',
    NotificationsNotifierDynamoDBEventSourceKalandevDataTableFB9ABF2D781AD456: 'AWS::Lambda::EventSourceMapping',
  },
};
