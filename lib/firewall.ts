import { ArnFormat, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { GATEWAY_RESPONSES } from './api';
import type { WafLimits } from './settings';

/**
 * AWS WAF web ACLs (docs/infra.md "Throttling and rate limits"):
 * - the edge ACL (CLOUDFRONT scope, stack SellerPortal-<stage>-edge in us-east-1) in front of the
 *   distribution: per-IP limits on everything and on API writes, and AWS managed rule groups;
 * - the regional ACL (in the main stack) on the user pool, whose API the browser calls directly
 *   (sign-up, sign-in), and on the API stage: per-IP limits on Cognito calls, a tighter one on
 *   sign-up-like calls, and a per-vendor limit on API calls keyed on the caller's token.
 */

/** WAF's rate window: every limit in the settings is per this many seconds. */
export const RATE_WINDOW_SECONDS = 300;

/** Cognito's API names the operation in this header (`AWSCognitoIdentityProviderService.SignUp`). */
const COGNITO_TARGET_HEADER = 'x-amz-target';
const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Calls a script abusing sign-up repeats: each sends an e-mail (a code, a reset link). */
export const SIGN_UP_OPERATIONS = ['SignUp', 'ResendConfirmationCode', 'ForgotPassword'] as const;
export const API_WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The body of a rate-limited API request: the gateway's own THROTTLED answer, so the web app reads it the same way. */
const THROTTLED = GATEWAY_RESPONSES.find((r) => r.type === 'THROTTLED')!.body;
const TOO_MANY_REQUESTS = 'TooManyRequests';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const NONE = [{ priority: 0, type: 'NONE' }];

const header = (name: string, value: string, positionalConstraint: 'EXACTLY' | 'STARTS_WITH'): CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { singleHeader: { Name: name } }, positionalConstraint, searchString: value, textTransformations: NONE },
});
const cognitoCall = header(COGNITO_TARGET_HEADER, COGNITO_TARGET_PREFIX, 'STARTS_WITH');
const or = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => ({ orStatement: { statements } });

function managedRule(name: string, priority: number, ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[]): CfnWebACL.RuleProperty {
  return {
    name: name.replace(/^AWSManagedRules/, ''),
    priority,
    overrideAction: { none: {} },
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) } },
    visibilityConfig: visibility(name.replace(/^AWSManagedRules/, '')),
  };
}

interface RateRule {
  name: string;
  priority: number;
  limit: number;
  /** Default: the client IP. A header name: one budget per value of that header. */
  keyHeader?: string;
  scopeDown?: CfnWebACL.StatementProperty;
  /** Answer 429 with the API's JSON body (API requests); plain 403 otherwise (Cognito answers its own way). */
  tooManyRequests?: boolean;
}

function rateRule(r: RateRule): CfnWebACL.RuleProperty {
  return {
    name: r.name,
    priority: r.priority,
    action: { block: r.tooManyRequests ? { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_REQUESTS } } : {} },
    statement: {
      rateBasedStatement: {
        limit: r.limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        ...(r.keyHeader
          ? { aggregateKeyType: 'CUSTOM_KEYS', customKeys: [{ header: { name: r.keyHeader, textTransformations: NONE } }] }
          : { aggregateKeyType: 'IP' }),
        ...(r.scopeDown ? { scopeDownStatement: r.scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(r.name),
  };
}

export interface WebAclProps {
  scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Names the ACL, its metrics and its log group `aws-waf-logs-<name>`. */
  name: string;
  description: string;
  rules: CfnWebACL.RuleProperty[];
  removalPolicy: RemovalPolicy;
}

/**
 * A web ACL that allows by default, answers rate-limited API calls like API Gateway does, reports
 * each rule to CloudWatch metrics, and logs to `aws-waf-logs-<name>` (3 months) without the
 * Authorization header (ID tokens). WAF never logs bodies, so Cognito passwords stay out.
 */
export class WebAcl extends Construct {
  readonly acl: CfnWebACL;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    this.acl = new CfnWebACL(this, 'Acl', {
      name: props.name,
      description: props.description,
      scope: props.scope,
      defaultAction: { allow: {} },
      rules: props.rules,
      customResponseBodies: {
        [TOO_MANY_REQUESTS]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(THROTTLED) },
      },
      visibilityConfig: visibility(props.name),
    });
    // WAF only delivers to log groups named aws-waf-logs-*.
    const logGroupName = `aws-waf-logs-${props.name}`;
    this.logGroup = new LogGroup(this, 'Logs', { logGroupName, retention: RetentionDays.THREE_MONTHS, removalPolicy: props.removalPolicy });
    const logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.acl.attrArn,
      // The log group's ARN without the `:*` suffix LogGroup.logGroupArn carries.
      logDestinationConfigs: [
        Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    });
    logging.node.addDependency(this.logGroup);
  }

  get arn(): string {
    return this.acl.attrArn;
  }

  /** Puts the ACL in front of a regional resource (user pool, API Gateway stage). */
  associate(id: string, resourceArn: string, dependsOn?: Construct): CfnWebACLAssociation {
    const association = new CfnWebACLAssociation(this, id, { webAclArn: this.acl.attrArn, resourceArn });
    if (dependsOn) association.node.addDependency(dependsOn);
    return association;
  }
}

/**
 * The distribution's rules, in order: IP reputation first (cheap, known bad sources), then the
 * per-IP limits, then the AWS common rule set and known bad inputs.
 *
 * The common rule set's SizeRestrictions_BODY (8 KB) only counts: product drafts with descriptions
 * in two languages and 11 image references are larger, and the handlers' zod schemas bound every body.
 */
export function edgeRules(limits: WafLimits): CfnWebACL.RuleProperty[] {
  return [
    managedRule('AWSManagedRulesAmazonIpReputationList', 0),
    rateRule({ name: 'RequestsPerIp', priority: 1, limit: limits.ip, tooManyRequests: true }),
    rateRule({
      name: 'ApiWritesPerIp',
      priority: 2,
      limit: limits.ipWrite,
      tooManyRequests: true,
      scopeDown: {
        andStatement: {
          statements: [
            { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: '/api/', textTransformations: NONE } },
            or(API_WRITE_METHODS.map((m) => ({ byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: m, textTransformations: NONE } }))),
          ],
        },
      },
    }),
    managedRule('AWSManagedRulesCommonRuleSet', 3, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
    managedRule('AWSManagedRulesKnownBadInputsRuleSet', 4),
  ];
}

/**
 * The user pool's and the API stage's rules. Cognito calls come straight from the browser, so their
 * IP is the client's; API calls arrive through CloudFront (their IP is an edge server's), so the API
 * budget is keyed on the caller's token instead: one budget per signed-in user, i.e. per vendor.
 * Requests without an Authorization header are not counted there (the authorizer refuses them).
 */
export function regionalRules(limits: WafLimits): CfnWebACL.RuleProperty[] {
  return [
    managedRule('AWSManagedRulesAmazonIpReputationList', 0),
    rateRule({
      name: 'SignUpPerIp',
      priority: 1,
      limit: limits.signUpIp,
      scopeDown: or(SIGN_UP_OPERATIONS.map((op) => header(COGNITO_TARGET_HEADER, `${COGNITO_TARGET_PREFIX}${op}`, 'EXACTLY'))),
    }),
    rateRule({ name: 'CognitoPerIp', priority: 2, limit: limits.cognitoIp, scopeDown: cognitoCall }),
    rateRule({ name: 'ApiPerVendor', priority: 3, limit: limits.vendor, keyHeader: 'authorization', tooManyRequests: true, scopeDown: { notStatement: { statement: cognitoCall } } }),
    managedRule('AWSManagedRulesKnownBadInputsRuleSet', 4),
  ];
}
