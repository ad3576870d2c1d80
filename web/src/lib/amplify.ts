/**
 * Amplify Auth, configured from /config.json. Imported only through lib/auth-client.ts with a dynamic
 * import, so its ~35 KB gzip are fetched when a stored session is restored or a form is submitted,
 * never by a first visitor who is just looking at the login page.
 */
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { amplifyConfigFor, type WebConfig } from './config';

export {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';

let configuredWith: WebConfig | undefined;

export function configureAmplify(config: WebConfig): void {
  if (configuredWith === config) return;
  // Locally Amplify warns on every load that the user-pool endpoint is custom; that is the point there.
  if (config.local) ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure(amplifyConfigFor(config));
  configuredWith = config;
}
