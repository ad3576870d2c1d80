import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';

/**
 * What an operator chooses per deployment, from CDK context (`-c key=value`, or cdk.json):
 *   stage           the stack is `SellerPortal-<stage>` (default `dev`); `prod` keeps data on stack
 *                   deletion, turns on deletion protection and termination protection
 *   alarmEmail      an address subscribed to the alarm topic (AWS sends a confirmation e-mail)
 *   supportEmail    an address subscribed to the support-cases topic: every new support case
 *                   is e-mailed there (AWS sends a confirmation e-mail)
 *   domainName      a custom domain for the site, together with
 *   certificateArn  an ACM certificate for it in us-east-1 (CloudFront's region); the DNS record
 *                   (CNAME/alias to the distribution) is created by the operator
 * See docs/infra.md.
 */
export interface StageSettings {
  stage: string;
  isProd: boolean;
  /** For stateful resources: RETAIN in prod, DESTROY elsewhere. */
  removalPolicy: RemovalPolicy;
  alarmEmail?: string;
  supportEmail?: string;
  domainName?: string;
  certificateArn?: string;
}

export const DEFAULT_STAGE = 'dev';

/** Lower-case letters, digits and hyphens: safe in stack, API and log-group names. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE_PATTERN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}.`);
  return value.trim();
}

function check(value: string | undefined, pattern: RegExp, message: string): void {
  if (value !== undefined && !pattern.test(value)) throw new Error(message);
}

/** Reads and validates the settings; a bad value fails the synth with a message that says how to fix it. */
export function readStageSettings(node: Node): StageSettings {
  const stage = contextString(node, 'stage') ?? DEFAULT_STAGE;
  check(stage, STAGE_PATTERN, `Context "stage" must be lower-case letters, digits and hyphens, starting with a letter (e.g. -c stage=prod); got "${stage}".`);
  const alarmEmail = contextString(node, 'alarmEmail');
  check(alarmEmail, EMAIL_PATTERN, `Context "alarmEmail" must be an e-mail address; got "${alarmEmail}".`);
  const supportEmail = contextString(node, 'supportEmail');
  check(supportEmail, EMAIL_PATTERN, `Context "supportEmail" must be an e-mail address (e.g. -c supportEmail=support@example.com); got "${supportEmail}".`);
  const domainName = contextString(node, 'domainName')?.toLowerCase();
  check(domainName, DOMAIN_PATTERN, `Context "domainName" must be a host name such as portal.example.com; got "${domainName}".`);
  const certificateArn = contextString(node, 'certificateArn');
  check(
    certificateArn,
    CERTIFICATE_PATTERN,
    `Context "certificateArn" must be an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from there); got "${certificateArn}".`,
  );
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Contexts "domainName" and "certificateArn" go together: give both or neither.');
  }
  const isProd = stage === 'prod';
  return {
    stage,
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    ...(alarmEmail ? { alarmEmail } : {}),
    ...(supportEmail ? { supportEmail } : {}),
    ...(domainName ? { domainName } : {}),
    ...(certificateArn ? { certificateArn } : {}),
  };
}
