import { useSesClientConfig } from '../../../lambdas/notifications/ses';

/**
 * The notifier's environment for unit tests (the names lib/vendor-email.ts and lib/data.ts set), and
 * an SES client with throwaway credentials; the SDK calls themselves are mocked by each test file.
 */
export function useNotifierTestEnv(extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    NOTIFICATIONS_TABLE: 'notifications-test',
    VENDORS_TABLE: 'vendors-test',
    IDEMPOTENCY_TABLE: 'idempotency-test',
    EMAIL_SUPPRESSIONS_TABLE: 'suppressions-test',
    PORTAL_URL: 'https://sellers.example.com',
    NOTIFICATION_SENDER: 'no-reply@example.com',
    SES_CONFIGURATION_SET: 'seller-portal-test',
    ...extra,
  });
  useSesClientConfig({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
}
