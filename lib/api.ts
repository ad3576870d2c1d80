import { CfnResource, Duration, Lazy, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  CfnAccount,
  CfnRestApi,
  Deployment,
  GatewayResponse,
  Stage,
  type IRestApi,
  CognitoUserPoolsAuthorizer,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestValidator,
  ResponseTransferMode,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IIdentityPool } from 'aws-cdk-lib/aws-cognito-identitypool';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { apiFunctions, routes, type ApiFunction, type ApiFunctionKey, type Route } from '../contracts/routes';
import type { Data } from './data';
import { AppFunction } from './lambda-function';
import { productImagesBucket } from '../contracts/buckets';
import type { Notifications } from './notifications';
import { acknowledgeGuard, nagRef } from './guard';
import { payoutEnvironment, salesEnvironment, type RouteClass, type StageSettings } from './settings';
import type { ApiErrorBody } from '../contracts/errors';

/** API Gateway stage name; CloudFront hides it (RestApiOrigin sets the origin path). */
export const API_STAGE_NAME = 'live';

/**
 * Streamed routes (`stream: true`, e.g. the orders CSV export) may run longer than API Gateway's
 * 29 s buffered limit: the integration waits up to this long (STREAM allows up to 15 minutes) and
 * their function's timeout matches it.
 */
export const STREAM_TIMEOUT = Duration.minutes(5);

/**
 * One JSON line per request: enough to follow a request from CloudFront to the Lambda (request and
 * trace ids), see who called (the token's subject, never the token) and why a call failed before
 * reaching a handler (authorizer and gateway errors).
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  xrayTraceId: '$context.xrayTraceId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  userId: '$context.authorizer.claims.sub',
  httpMethod: '$context.httpMethod',
  resourcePath: '$context.resourcePath',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integration.status',
  errorMessage: '$context.error.message',
  errorType: '$context.error.responseType',
  authorizerError: '$context.authorizer.error',
};

/**
 * Answers API Gateway gives on its own, before a Lambda runs, in the one error answer the handlers
 * use (contracts/errors.ts: `{ error: ApiErrorCode, message }`), so a client can always read both fields.
 * `$context.error.messageString` is API Gateway's message already JSON-quoted.
 */
export const GATEWAY_RESPONSES = [
  { type: 'UNAUTHORIZED', statusCode: '401', body: { error: 'unauthorized', message: 'Sign in to continue.' } },
  { type: 'ACCESS_DENIED', statusCode: '403', body: { error: 'forbidden', message: 'You do not have access to this resource.' } },
  // API Gateway's answer to an unknown path or method (it says "Missing Authentication Token", with a 403).
  { type: 'MISSING_AUTHENTICATION_TOKEN', statusCode: '404', body: { error: 'not_found', message: 'There is no such API route.' } },
  { type: 'THROTTLED', statusCode: '429', body: { error: 'too_many_requests', message: 'Too many requests. Please wait a moment and try again.' } },
  { type: 'DEFAULT_4XX', body: { error: 'bad_request', message: '$context.error.messageString' } },
  { type: 'DEFAULT_5XX', body: { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' } },
] as const satisfies readonly { type: string; statusCode?: string; body: ApiErrorBody }[];

const RESPONSE_TYPES: Record<(typeof GATEWAY_RESPONSES)[number]['type'], ResponseType> = {
  UNAUTHORIZED: ResponseType.UNAUTHORIZED,
  ACCESS_DENIED: ResponseType.ACCESS_DENIED,
  MISSING_AUTHENTICATION_TOKEN: ResponseType.MISSING_AUTHENTICATION_TOKEN,
  THROTTLED: ResponseType.THROTTLED,
  DEFAULT_4XX: ResponseType.DEFAULT_4XX,
  DEFAULT_5XX: ResponseType.DEFAULT_5XX,
};

/** The body template: literal JSON, except that a `$context…` message is inserted unquoted (it is quoted already). */
export function gatewayResponseTemplate(body: ApiErrorBody): string {
  const message = body.message.startsWith('$context.') ? body.message : JSON.stringify(body.message);
  return `{"error":${JSON.stringify(body.error)},"message":${message}}`;
}

/**
 * The throttling class of a route (settings apiReadRate, apiWriteRate, apiExportRate, ...): streamed
 * downloads are exports, other GETs reads, everything else writes.
 */
export function routeClass(route: Pick<Route, 'method' | 'path'> & { stream?: true }): RouteClass {
  if (route.stream) return 'export';
  return route.method === 'GET' ? 'read' : 'write';
}

export interface ApiProps {
  settings: StageSettings;
  userPool: IUserPool;
  /** Where the API's Lambdas (function, role, policy, log group) are made: the ApiFunctions nested stack. */
  functionsScope: Construct;
  /** Where the REST API (resources, methods, stage, authorizer) and its invoke permissions are made: the ApiRoutes nested stack. */
  routesScope: Construct;
  data: Data;
  notifications: Notifications;
  /** The product-images bucket: the listings function signs GET URLs for it and deletes unreferenced images. */
  productImages: IBucket;
  /** The identity pool the browser uploads with: the listings function maps a caller to their upload prefix. */
  identityPool: IIdentityPool;
}

/**
 * Product images the products API touches: `private/<identityId>/products/...` (lambdas/listings/images.ts).
 * The identity id is a policy variable only for the browser's role, so the function gets every
 * vendor's product folder and the code restricts each request to the caller's own prefix.
 */
export const LISTINGS_IMAGE_OBJECTS = `${productImagesBucket.vendorPrefix}*/products/*`;

/**
 * The REST API, generated from the route table (contracts/routes.ts): one Lambda per entry of
 * `apiFunctions`, one method per route, every method behind the Cognito user-pool authorizer
 * (ID tokens; the handlers read `requestContext.authorizer.claims`). Each function gets exactly
 * the tables (`tables`) and SNS topics (`publishes`) its entry declares.
 *
 * Split over two nested stacks (docs/decisions.md "Nested stacks"): the functions in
 * `functionsScope`, the REST API in `routesScope`. The routes stack imports each function by ARN
 * and makes its one invoke permission itself, so the functions stack never depends on the API
 * (which would be a cycle between the two). The account's API Gateway → CloudWatch role stays in
 * the root stack, at the path it always had, so the move does not replace it.
 */
export class Api extends Construct {
  /** The REST API resource (root stack). */
  readonly gateway: CfnRestApi;
  /** The same API as the routes stack sees it (resources and methods are added through it). */
  readonly restApi: IRestApi;
  /** The `live` stage (routes stack): what CloudFront's /api/* origin and the regional web ACL point at. */
  readonly stage: Stage;
  readonly functions: Record<ApiFunctionKey, AppFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { settings } = props;
    const logRemovalPolicy = settings.removalPolicy;

    // Access logging needs the account-level API Gateway → CloudWatch role (what `cloudWatchRole: true` made, same paths).
    const account = apiGatewayAccount(new Construct(this, 'RestApi'));
    // The REST API itself is one resource here in the root stack: the distribution needs its id, and
    // the distribution must not wait for the nested stacks (the functions wait for the images bucket,
    // whose CORS names the distribution). Everything in it lives in the routes stack.
    this.gateway = new CfnRestApi(this, 'Gateway', {
      name: `seller-portal-${settings.stage}`,
      description: 'Seller Portal API (behind CloudFront at /api/*)',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
    });
    Validations.of(this.gateway).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason: 'The request validator (body and parameters) is in the ApiRoutes nested stack with the methods that use it; cdk-nag looks only within this template (test/infra/api.test.ts checks every method names it).',
    });
    this.restApi = RestApi.fromRestApiAttributes(props.routesScope, 'RestApi', { restApiId: this.gateway.ref, rootResourceId: this.gateway.attrRootResourceId });

    for (const response of GATEWAY_RESPONSES) {
      new GatewayResponse(props.routesScope, `${response.type}Response`, {
        restApi: this.restApi,
        type: RESPONSE_TYPES[response.type],
        statusCode: 'statusCode' in response ? response.statusCode : undefined,
        responseHeaders: { 'Cache-Control': "'no-store'" },
        templates: { 'application/json': gatewayResponseTemplate(response.body) },
      });
    }

    const authorizer = new CognitoUserPoolsAuthorizer(props.routesScope, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    // Bodies and queries are parsed by the handlers' zod schemas (the single source); the gateway
    // validator checks the declared request parameters.
    const validator = new RequestValidator(props.routesScope, 'RequestValidator', {
      restApi: this.restApi,
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    const functionKeys = Object.keys(apiFunctions) as ApiFunctionKey[];
    this.functions = Object.fromEntries(
      functionKeys.map((key) => {
        const def: ApiFunction = apiFunctions[key];
        const streamed = routes.some((r) => r.fn === key && r.stream);
        const fn = new AppFunction(props.functionsScope, `${pascal(key)}Function`, {
          entry: def.entry,
          description: def.description,
          logRemovalPolicy,
          ...(streamed ? { timeout: STREAM_TIMEOUT } : {}),
          environment: {
            USER_POOL_ID: props.userPool.userPoolId,
            // Every API function: the marketplace zone (days, periods, payout dates) and the default commission.
            ...salesEnvironment(settings),
            // The payout fee and change hold (payout information, the payout-method API).
            ...payoutEnvironment(settings),
          },
        });
        props.data.connect(fn, def.tables);
        props.notifications.connect(fn, def.publishes ?? []);
        // Cognito admin actions the function declares (e.g. the ops console's vendor review), on this pool only.
        if (def.cognitoAdmin?.length) fn.addToRolePolicy(new PolicyStatement({ actions: [...def.cognitoAdmin], resources: [props.userPool.userPoolArn] }));
        return [key, fn];
      }),
    ) as Record<ApiFunctionKey, AppFunction>;

    this.connectListings(props);
    this.connectAdminReviews(props);

    // Each function as the routes stack sees it (by ARN): its invoke permission is made there.
    const handlers = Object.fromEntries(
      functionKeys.map((key) => [
        key,
        LambdaFunction.fromFunctionAttributes(props.routesScope, `${pascal(key)}Handler`, { functionArn: this.functions[key].functionArn, sameEnvironment: true }),
      ]),
    ) as Record<ApiFunctionKey, ReturnType<typeof LambdaFunction.fromFunctionAttributes>>;
    for (const route of routes) {
      const resource = this.restApi.root.resourceForPath(route.path);
      // scopePermissionToMethod: false — one Lambda permission per function for this API (its execute-api
      // ARN), not one (or two, with the console's Test button) per method: ~100 routes would otherwise
      // add ~100 resources (docs/decisions.md, "Bulk price and stock").
      const integration = route.stream
        ? new LambdaIntegration(handlers[route.fn], { responseTransferMode: ResponseTransferMode.STREAM, timeout: STREAM_TIMEOUT, scopePermissionToMethod: false })
        : new LambdaIntegration(handlers[route.fn], { scopePermissionToMethod: false });
      resource.addMethod(route.method, integration, {
        authorizer,
        authorizationType: AuthorizationType.COGNITO,
        requestValidator: validator,
      });
    }
    acknowledgeGuard(props.routesScope, {
      lambdaPublicAccess:
        "Each Lambda permission names API Gateway as principal with this API's execute-api ARN (method and path) as SourceArn; the rule reads only literal or Ref'd SourceArns, and this one is an Fn::Join of the API id.",
    });
    this.stage = deployedStage(props.routesScope, { api: this.restApi, settings, account, logRemovalPolicy });
  }

  /**
   * The products API's extras: the images bucket and identity pool by env; GetObject (to sign the
   * display URLs, which carry the function's own permission) and DeleteObject (images no version
   * references after a save, an approval or a delete) and PutObjectTagging (accepted images
   * tagged referenced=yes) on product image keys only. GetId, which
   * maps a caller's token to their identity id, is an unauthenticated Cognito API: no grant.
   */
  private connectAdminReviews(props: ApiProps): void {
    connectAdminReviewImages(this, this.functions.adminReviews, props.productImages);
  }

  private connectListings(props: ApiProps): void {
    const listings = this.functions.listings;
    listings.addEnvironment('PRODUCT_IMAGES_BUCKET', props.productImages.bucketName);
    listings.addEnvironment('IDENTITY_POOL_ID', props.identityPool.identityPoolId);
    listings.addToRolePolicy(
      // PutObjectTagging: accepted images are tagged referenced=yes so the bucket does not expire them (lib/images.ts).
      new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject', 's3:PutObjectTagging'], resources: [props.productImages.arnForObjects(LISTINGS_IMAGE_OBJECTS)] }),
    );
    Validations.of(listings).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagRef(listings, props.productImages.node.defaultChild as CfnElement)}/${LISTINGS_IMAGE_OBJECTS}]`,
      reason: "Get, Delete and PutObjectTagging only, only product images (private/<identity>/products/): the handler limits each request to the caller's own identity prefix.",
    });
  }
}

/** What, in the routes stack, takes effect only through a new deployment of the API. */
const DEPLOYED_TYPES = new Set(['AWS::ApiGateway::Resource', 'AWS::ApiGateway::Method', 'AWS::ApiGateway::Authorizer', 'AWS::ApiGateway::GatewayResponse', 'AWS::ApiGateway::RequestValidator', 'AWS::ApiGateway::Model']);

/**
 * The deployment and the `live` stage, in the routes stack. RestApi would make both and redeploy
 * whenever a method changes; with the API imported (its resource is in the root stack) that is ours
 * to do: the deployment's logical id carries a hash of every resource, method, authorizer, gateway
 * response and validator of the routes stack, so any change to them makes a new deployment, which
 * the stage then points at (tested in test/infra/api.test.ts).
 */
export function deployedStage(scope: Construct, props: { api: IRestApi; settings: StageSettings; account: CfnAccount; logRemovalPolicy: RemovalPolicy }): Stage {
  const { settings } = props;
  const stack = Stack.of(scope);
  const deployment = new Deployment(scope, 'Deployment', { api: props.api, description: 'Seller Portal API' });
  const deployed = () => scope.node.findAll().filter((c): c is CfnResource => CfnResource.isCfnResource(c) && DEPLOYED_TYPES.has(c.cfnResourceType));
  deployment.addToLogicalId(Lazy.any({ produce: () => deployed().map((r) => ({ id: stack.getLogicalId(r), cfn: stack.resolve((r as unknown as { _toCloudFormation(): unknown })._toCloudFormation()) })) }));
  // A deployment snapshots the methods that exist when it is made: it waits for all of them.
  for (const resource of deployed()) deployment.node.addDependency(resource);
  const accessLogs = new LogGroup(scope, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS, removalPolicy: props.logRemovalPolicy });
  const stage = new Stage(scope, 'Stage', {
    deployment,
    stageName: API_STAGE_NAME,
    tracingEnabled: true,
    metricsEnabled: true,
    // Execution logs only for errors; never request/response bodies (they carry tokens and personal data).
    loggingLevel: MethodLoggingLevel.ERROR,
    dataTraceEnabled: false,
    accessLogDestination: new LogGroupLogDestination(accessLogs),
    accessLogFormat: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
    // Every method gets its route class's limit (for all callers together; per-vendor limits are
    // the regional web ACL's, lib/firewall.ts): reads by default, writes and exports below.
    throttlingRateLimit: settings.apiThrottle.read.rate,
    throttlingBurstLimit: settings.apiThrottle.read.burst,
    methodOptions: Object.fromEntries(
      routes
        .filter((route) => routeClass(route) !== 'read')
        .map((route) => {
          const throttle = settings.apiThrottle[routeClass(route)];
          return [`${route.path}/${route.method}`, { throttlingRateLimit: throttle.rate, throttlingBurstLimit: throttle.burst }];
        }),
    ),
  });
  // Access logging needs the account's CloudWatch role first.
  stage.node.addDependency(props.account);
  Validations.of(stage).acknowledge({
    id: 'AwsSolutions-APIG3',
    reason:
      'The regional web ACL (lib/firewall.ts) is associated with this stage by a WebACLAssociation in the root stack, beside the ACL; cdk-nag looks only within this nested template (test/infra/nested-stacks.test.ts checks the association).',
  });
  return stage;
}

/**
 * The account-level API Gateway → CloudWatch Logs role and its `AWS::ApiGateway::Account` setting,
 * as RestApi's `cloudWatchRole: true` makes them (same ids, so the move to nested stacks keeps the
 * resources). Retained when a stack is deleted: other stages of the account log through it.
 */
function apiGatewayAccount(scope: Construct): CfnAccount {
  const role = new Role(scope, 'CloudWatchRole', {
    assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
    managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
  });
  role.applyRemovalPolicy(RemovalPolicy.RETAIN);
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    reason: 'The account-level role API Gateway writes access and execution logs with; this AWS-managed policy is the documented one for it.',
  });
  const account = new CfnAccount(scope, 'Account', { cloudWatchRoleArn: role.roleArn });
  account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  return account;
}

/** Where bank-transfer instructions live in the payout-batch bucket (lambdas/payouts/bank.ts). */
export const PAYOUT_BATCH_PREFIX = 'bank-transfers/';

/** The payout resources API functions may declare (`queues`, `reads`): the Payouts construct's. */
export interface ApiPayoutResources {
  queue: IQueue;
  batchBucket: IBucket;
  /** The payouts KMS key the batch bucket is encrypted with. */
  payoutsKey: IKey;
}

/**
 * Grants API functions the payout resources they declare (contracts/routes.ts `queues`, `reads`):
 * `queues: ['payouts']` SendMessage on the payout queue only (env PAYOUT_QUEUE_URL); `reads:
 * ['payoutBatches']` ListBucket limited to `bank-transfers/`, GetObject under it and kms:Decrypt on
 * the payouts key (env PAYOUT_BATCH_BUCKET). The Payouts construct is built after the API, so the
 * stack calls this once both exist.
 */
export function connectApiPayouts(functions: Record<ApiFunctionKey, AppFunction>, resources: ApiPayoutResources): void {
  for (const key of Object.keys(apiFunctions) as ApiFunctionKey[]) {
    const def: ApiFunction = apiFunctions[key];
    const fn = functions[key];
    if (def.queues?.includes('payouts')) {
      fn.addEnvironment('PAYOUT_QUEUE_URL', resources.queue.queueUrl);
      fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [resources.queue.queueArn] }));
    }
    if (def.reads?.includes('payoutBatches')) {
      fn.addEnvironment('PAYOUT_BATCH_BUCKET', resources.batchBucket.bucketName);
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [resources.batchBucket.bucketArn], conditions: { StringLike: { 's3:prefix': [`${PAYOUT_BATCH_PREFIX}*`] } } }),
      );
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [resources.batchBucket.arnForObjects(`${PAYOUT_BATCH_PREFIX}*`)] }));
      fn.addToRolePolicy(new PolicyStatement({ actions: ['kms:Decrypt'], resources: [resources.payoutsKey.keyArn] }));
      Validations.of(fn).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRef(fn, resources.batchBucket.node.defaultChild as CfnElement)}/${PAYOUT_BATCH_PREFIX}*]`,
        reason: 'GetObject only, only under bank-transfers/ of the payout-batch bucket: the console builds the bank batch download (audited) from these instruction objects.',
      });
    }
  }
}

/**
 * The ops console's Product review (issue 13, lambdas/admin/reviews-handler.ts): signs every image of
 * a submission for display (GetObject) and, on approval, deletes the images no version references any
 * more (DeleteObject), as the listings function does; product image keys only.
 */
function connectAdminReviewImages(scope: Construct, fn: AppFunction, bucket: IBucket): void {
  fn.addEnvironment('PRODUCT_IMAGES_BUCKET', bucket.bucketName);
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [bucket.arnForObjects(LISTINGS_IMAGE_OBJECTS)] }));
  Validations.of(fn).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${nagRef(fn, bucket.node.defaultChild as CfnElement)}/${LISTINGS_IMAGE_OBJECTS}]`,
    reason: 'Get and Delete only, only product images (private/<identity>/products/): ops review every vendor\'s submissions.',
  });
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
