import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic, type CfnTopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { topics as topicDefs, type TopicKey } from '../contracts/topics';
import type { StageSettings } from './settings';

/**
 * SNS's AWS-managed key. Its key policy lets every principal of the account that may use SNS
 * encrypt and decrypt through SNS, so a Lambda of this stack publishes with `sns:Publish` alone and
 * e-mail delivery needs nothing more. AWS services that publish themselves (CloudWatch alarms,
 * EventBridge, S3 events) cannot use this key: a topic they publish to needs a customer-managed
 * key whose policy admits their service principal.
 */
export const SNS_MANAGED_KEY_ALIAS = 'alias/aws/sns';

export interface NotificationsProps {
  settings: StageSettings;
  /** An e-mail address to subscribe, per topic (AWS sends a confirmation e-mail first). */
  emailSubscriptions?: Partial<Record<TopicKey, string>>;
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * One SNS topic per entry of contracts/topics.ts, for messages our Lambdas send to people
 * (new support cases for ops): TLS-only publishing, encrypted at rest with SNS's AWS-managed key,
 * optionally an e-mail subscription. Alarms have their own topic (lib/monitoring.ts).
 */
export class Notifications extends Construct {
  readonly topics: Record<TopicKey, Topic>;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const { settings } = props;
    const entries = Object.entries(topicDefs) as [TopicKey, (typeof topicDefs)[TopicKey]][];
    this.topics = Object.fromEntries(
      entries.map(([key, def]) => {
        const topic = new Topic(this, `${pascal(key)}Topic`, {
          displayName: `${def.displayName} (${settings.stage})`,
          enforceSSL: true,
        });
        // By alias, as SNS documents it. Not `masterKey`: Topic would then grant publishers KMS
        // permissions on every key behind the alias, which the AWS-managed key does not need.
        (topic.node.defaultChild as CfnTopic).kmsMasterKeyId = SNS_MANAGED_KEY_ALIAS;
        const email = props.emailSubscriptions?.[key];
        if (email) topic.addSubscription(new EmailSubscription(email));
        return [key, topic];
      }),
    ) as Record<TopicKey, Topic>;
  }

  /**
   * Gives a Lambda exactly the topics it declares (`publishes` in contracts/routes.ts): the topic ARN
   * in the topic's env var and `sns:Publish` on that topic, nothing more (the AWS-managed key needs
   * no KMS permission of the publisher, see SNS_MANAGED_KEY_ALIAS).
   */
  connect(fn: LambdaFunction, publishes: readonly TopicKey[]): void {
    for (const key of publishes) {
      const topic = this.topics[key];
      fn.addEnvironment(topicDefs[key].envVar, topic.topicArn);
      fn.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: [topic.topicArn] }));
    }
  }
}
