/**
 * Amplify Auth, configured from /config.json. Imported only through lib/auth-client.ts with a dynamic
 * import, so its ~35 KB gzip are fetched when a stored session is restored or a form is submitted,
 * never by a first visitor who is just looking at the login page. Amplify Storage is not imported
 * here: only the item form's upload code loads it (features/listings/image-uploads.ts).
 */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger } from 'aws-amplify/utils';
import { localLibraryOptions } from './amplify-local';
import { amplifyConfigFor, usesLocalCredentials, type WebConfig } from './config';

export {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';

let configuredWith: WebConfig | undefined;

export function configureAmplify(config: WebConfig): void {
  if (configuredWith === config) return;
  // Locally Amplify warns on every load that the user-pool endpoint is custom; that is the point there.
  if (config.local) ConsoleLogger.LOG_LEVEL = 'ERROR';
  const resources = amplifyConfigFor(config);
  if (usesLocalCredentials(config) && resources.Auth) {
    // With custom Auth library options Amplify.configure leaves the user pool's token provider
    // unconfigured (it only does that for its defaults): without this, sign-in could not store or
    // refresh tokens.
    cognitoUserPoolsTokenProvider.setAuthConfig(resources.Auth);
    Amplify.configure(resources, localLibraryOptions(config.region, cognitoUserPoolsTokenProvider));
  } else {
    Amplify.configure(resources);
  }
  configuredWith = config;
}
