import { Names, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * CloudFormation Guard rules (AWS Control Tower proactive controls, run on every synth by
 * @cdklabs/cdk-validator-cfnguard, lib/app.ts) that a construct of ours acknowledges, by the id
 * `Validations.acknowledge` expects: `<plugin name>::<guard rule name>`. The control id is in the
 * comment; docs/infra.md "CloudFormation Guard" lists every acknowledgement and its reason.
 */
export const GUARD = {
  /** CT.CLOUDFRONT.PR.4 */
  originFailover: 'cdk-validator-cfnguard::cloudfront_origin_failover_enabled_check',
  /** CT.CLOUDFRONT.PR.5 */
  accessLogs: 'cdk-validator-cfnguard::cloudfront_access_logs_enabled_check',
  /** CT.CLOUDFRONT.PR.6 */
  customCertificate: 'cdk-validator-cfnguard::cloudfront_custom_ssl_certificate_check',
  /** CT.CLOUDFRONT.PR.7 */
  sni: 'cdk-validator-cfnguard::cloudfront_sni_enabled_check',
  /** CT.CLOUDFRONT.PR.9 */
  tls12: 'cdk-validator-cfnguard::cloudfront_security_policy_check',
  /** CT.CLOUDWATCH.PR.2 */
  logRetentionYear: 'cdk-validator-cfnguard::cloudwatch_log_group_retention_period_check',
  /** CT.CLOUDWATCH.PR.3 */
  logGroupKms: 'cdk-validator-cfnguard::cloudwatch_log_group_encrypted_check',
  /** CT.LAMBDA.PR.2 */
  lambdaPublicAccess: 'cdk-validator-cfnguard::lambda_function_public_access_prohibited_check',
  /** CT.LAMBDA.PR.3 */
  lambdaInVpc: 'cdk-validator-cfnguard::lambda_inside_vpc_check',
  /** CT.S3.PR.2 */
  bucketLogging: 'cdk-validator-cfnguard::s3_bucket_logging_enabled_check',
  /** CT.S3.PR.4 */
  bucketNotifications: 'cdk-validator-cfnguard::s3_event_notifications_enabled_check',
  /** CT.S3.PR.9 */
  objectLock: 'cdk-validator-cfnguard::s3_bucket_object_lock_enabled_check',
  /** CT.S3.PR.10 */
  bucketKms: 'cdk-validator-cfnguard::s3_bucket_default_encryption_kms_check',
  /** CT.S3.PR.11 */
  versioning: 'cdk-validator-cfnguard::s3_bucket_versioning_enabled_check',
  /** CT.SQS.PR.1 */
  queueDlq: 'cdk-validator-cfnguard::sqs_dlq_check',
} as const;

export type GuardRule = keyof typeof GUARD;

/** Acknowledges guard rules on a construct (and everything below it), each with its reason. */
export function acknowledgeGuard(construct: IConstruct, reasons: Partial<Record<GuardRule, string>>): void {
  Validations.of(construct).acknowledge(...Object.entries(reasons).map(([rule, reason]) => ({ id: GUARD[rule as GuardRule], reason: reason as string })));
}

/**
 * Controls that no Lambda or log group of a stack meets, by choice; acknowledged once on the stack,
 * which covers aws-cdk-lib's own handlers (bucket deployment, notifications, auto-delete) too.
 */
export function acknowledgeStackWideGuardRules(stack: Stack): void {
  acknowledgeGuard(stack, {
    lambdaInVpc:
      'No Lambda here reaches a private resource: they call DynamoDB, S3, SQS, SNS, Secrets Manager and Cognito over their public endpoints with IAM. A VPC would add NAT or endpoint costs and cold-start latency and protect nothing.',
    logRetentionYear:
      'Logs carry personal data (e-mail addresses, IPs, vendor ids); we keep them 3 months (data minimisation), long enough to investigate an incident. The audit trail of changes is CloudTrail, not these logs.',
    logGroupKms:
      'CloudWatch Logs encrypts every log group at rest with its own keys; a customer-managed key would need a key policy for the Logs service per region and buys no access control beyond the IAM policies on the log groups.',
  });
}

/**
 * How cdk-nag writes `resource`'s `attribute` (e.g. its Arn) as it appears in the template of
 * `consumer` (for an acknowledgement id such as `AwsSolutions-IAM5[Resource::<…>/index/*]`):
 * `<LogicalId.Arn>` within the resource's own stack, and in a nested stack the parameter CDK passes
 * the value through, `<referenceto<node unique id>Arn>` (aws-cdk-lib core/private/refs.ts).
 */
export function nagRef(consumer: IConstruct, resource: CfnElement, attribute = 'Arn'): string {
  const own = Stack.of(resource);
  if (Stack.of(consumer) === own) return `<${own.getLogicalId(resource)}.${attribute}>`;
  return `<referenceto${Names.nodeUniqueId(resource.node)}${attribute}>`;
}
