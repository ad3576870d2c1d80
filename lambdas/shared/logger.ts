import { Logger } from '@aws-lambda-powertools/logger';
import { env } from './env';

/** One structured JSON logger per Lambda; the request id is added per invocation by the http middleware. */
export const logger = new Logger({
  serviceName: env.serviceName(),
  logLevel: env.logLevel(),
});
