import { Construct } from 'constructs';
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { StageSettings } from './settings';

export interface MonitoringProps {
  settings: StageSettings;
  /** Where the alarms are made (the Alarms nested stack); the topic stays in this construct's stack. */
  alarmsScope: Construct;
  /** The REST API's name (API Gateway's metrics are by name). */
  apiName: string;
  /**
   * Every Lambda we wrote, by a readable name. Its errors alarm at 3 in 5 minutes, unless the entry
   * says `alarmOnFirstError` and why (a function whose every failure matters, or whose retries come
   * too far apart to ever add up to 3).
   */
  functions: Record<string, IFunction | { fn: IFunction; alarmOnFirstError: string }>;
  /** Dead-letter queues, by a readable name: any message in one needs an operator. */
  deadLetterQueues?: Record<string, IQueue | { queue: IQueue; runbook: string }>;
  /** Further metrics that need an operator at or above `threshold` (e.g. failed payouts), by alarm id. */
  metricAlarms?: Record<string, { description: string; metric: IMetric; threshold: number }>;
}

/**
 * Alarms an operator acts on, sent to one SNS topic: API 5xx answers, errors or throttles of any
 * of our Lambdas, and any message waiting in a dead-letter queue. `-c alarmEmail=<address>` subscribes an address (AWS sends a confirmation e-mail).
 */
export class Monitoring extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { settings } = props;
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `Seller Portal ${settings.stage} alarms`,
      enforceSSL: true,
    });
    if (settings.alarmEmail) this.topic.addSubscription(new EmailSubscription(settings.alarmEmail));

    const action = new SnsAction(this.topic);
    const alarm = (alarmId: string, description: string, metric: IMetric, threshold: number): void => {
      const a = new Alarm(props.alarmsScope, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
    };

    const period = Duration.minutes(5);
    alarm('Api5xx', 'The API answered 5xx at least 5 times in 5 minutes', new Metric({ namespace: 'AWS/ApiGateway', metricName: '5XXError', dimensionsMap: { ApiName: props.apiName }, period, statistic: 'Sum' }), 5);
    for (const [name, entry] of Object.entries(props.functions)) {
      const prefix = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
      const { fn, alarmOnFirstError } = 'fn' in entry ? entry : { fn: entry, alarmOnFirstError: undefined };
      if (alarmOnFirstError) {
        alarm(`${prefix}Errors`, `Lambda ${name} failed: ${alarmOnFirstError}`, fn.metricErrors({ period, statistic: 'Sum' }), 1);
      } else {
        alarm(`${prefix}Errors`, `Lambda ${name} failed at least 3 times in 5 minutes`, fn.metricErrors({ period, statistic: 'Sum' }), 3);
      }
      alarm(`${prefix}Throttles`, `Lambda ${name} was throttled in the last 5 minutes`, fn.metricThrottles({ period, statistic: 'Sum' }), 1);
    }
    for (const [name, entry] of Object.entries(props.deadLetterQueues ?? {})) {
      const prefix = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
      const { queue, runbook } = 'queue' in entry ? entry : { queue: entry, runbook: 'docs/events.md' };
      alarm(
        `${prefix}DeadLetters`,
        `The ${name} dead-letter queue holds messages that were not processed: look at them and redrive (${runbook})`,
        queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        1,
      );
    }
    for (const [alarmId, { description, metric, threshold }] of Object.entries(props.metricAlarms ?? {})) {
      alarm(alarmId, description, metric, threshold);
    }
  }
}
