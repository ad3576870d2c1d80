import { vi } from 'vitest';

/**
 * Stand-ins for Amplify Auth. Each test file mocks the Amplify modules with these:
 *
 *   vi.mock('aws-amplify', () => amplifyModule);
 *   vi.mock('aws-amplify/auth', () => authModule);
 *   vi.mock('aws-amplify/utils', () => utilsModule);
 */
export const auth = {
  signIn: vi.fn(),
  signOut: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  confirmSignIn: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  fetchMFAPreference: vi.fn(),
};
export const configure = vi.fn();

export const CONFIG = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_Test',
  userPoolClientId: 'testclient',
  authFlowType: 'USER_PASSWORD_AUTH',
  marketplaceTimeZone: 'America/Los_Angeles',
  apiBaseUrl: '',
  productImagesBucket: 'images',
  supportEmail: 'vendor-support@example.com',
  local: { userPoolEndpoint: 'http://127.0.0.1:9229', s3Endpoint: 'http://localhost:20005' },
} as const;

export const USER_ID = 'user-1';
/** The access token of signedInUser's session (what POST /api/me/password is sent). */
export const ACCESS_TOKEN = 'access-token-1';

/** Amplify as it behaves for a user who signs in successfully (or has a stored session). */
export function signedInUser(email = 'demo.vendor@example.com', token = 'id-token-1') {
  auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  auth.signOut.mockResolvedValue(undefined);
  // The demo ops account has two-step verification on (issue 14: required for admins); vendors start without.
  auth.fetchMFAPreference.mockResolvedValue(email === 'ops@example.com' ? { enabled: ['TOTP'], preferred: 'TOTP' } : {});
  auth.getCurrentUser.mockResolvedValue({ userId: USER_ID, username: USER_ID, signInDetails: { loginId: email } });
  auth.fetchAuthSession.mockResolvedValue({
    tokens: {
      idToken: { toString: () => token, payload: { email, sub: USER_ID } },
      accessToken: { toString: () => ACCESS_TOKEN, payload: { sub: USER_ID, token_use: 'access' } },
    },
  });
}

/**
 * The session's sign-in happened just now (its ID token's `auth_time`): turning two-step verification
 * on then goes straight to the set-up; without it (unknown) the web first asks for a fresh sign-in
 * (issue 24, item 2).
 */
export async function signedInJustNow(): Promise<void> {
  const session = (await (auth.fetchAuthSession.getMockImplementation()?.() as unknown)) as { tokens: { idToken: { payload: Record<string, unknown> } } };
  session.tokens.idToken.payload = { ...session.tokens.idToken.payload, auth_time: Math.floor(Date.now() / 1000) };
  auth.fetchAuthSession.mockResolvedValue(session);
}

/** What Amplify leaves in localStorage for a signed-in user. */
export function storeAmplifySession(clientId: string = CONFIG.userPoolClientId) {
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, USER_ID);
}

export function namedError(name: string, message = name): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: FetchCall) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Replaces fetch: /config.json answers CONFIG; /api/* calls go to `api`. Returns the recorded calls. */
export function stubFetch(api: Handler): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/config.json') return new Response(JSON.stringify(CONFIG), { status: 200 });
      const call: FetchCall = {
        url,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status, body } = await api(call);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export const meBody = (overrides: Record<string, unknown> = {}) => ({
  userId: USER_ID,
  email: 'demo.vendor@example.com',
  status: 'approved',
  vendorId: 'V-10001',
  vendorName: 'Golden Harvest Foods',
  language: 'en',
  ...overrides,
});

/**
 * Amplify Storage for the item form's uploads (features/listings/image-storage.ts, used by image-uploads.ts). Test files that
 * upload mock it with `vi.mock('aws-amplify/storage', () => storage)` and take the tasks from
 * `fakeUploadTasks()`; every other Storage call is a plain vi.fn().
 */
export const storage = {
  uploadData: vi.fn(),
  remove: vi.fn(async () => ({ path: '' })),
  isCancelError: (err: unknown) => err instanceof Error && err.name === 'CanceledError',
};

/** The identity id Amplify hands the upload's path function (the cloud's `<region>:<uuid>` shape). */
export const IDENTITY_ID = 'us-east-1:0b7c5a52-3f0e-4f51-9d55-52a1b3c7e001';

export interface FakeUploadTask {
  /** What the form passed to uploadData. */
  input: { path: string | ((p: { identityId?: string }) => string); data: File; options: { contentType?: string; onProgress?: (e: { transferredBytes: number; totalBytes?: number }) => void } };
  /** The object key the path function gave for IDENTITY_ID. */
  path: string;
  /** Reports progress as Amplify does (wrap in act()). */
  progress(transferredBytes: number): void;
  complete(): void;
  fail(error: Error): void;
  cancel: ReturnType<typeof vi.fn>;
}

/** Makes uploadData return tasks the test drives (progress, complete, fail); cancel() rejects like Amplify's CanceledError. */
export function fakeUploadTasks(): FakeUploadTask[] {
  const tasks: FakeUploadTask[] = [];
  storage.uploadData.mockImplementation((input: FakeUploadTask['input']) => {
    let resolve!: (value: { path: string }) => void;
    let reject!: (error: Error) => void;
    const result = new Promise<{ path: string }>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const path = typeof input.path === 'function' ? input.path({ identityId: IDENTITY_ID }) : input.path;
    const task: FakeUploadTask = {
      input,
      path,
      progress: (transferredBytes) => input.options.onProgress?.({ transferredBytes, totalBytes: input.data.size }),
      complete: () => resolve({ path }),
      fail: (error) => reject(error),
      cancel: vi.fn(() => reject(namedError('CanceledError', 'Upload is canceled by user'))),
    };
    tasks.push(task);
    return { result, cancel: task.cancel, pause: vi.fn(), resume: vi.fn(), state: 'IN_PROGRESS' };
  });
  return tasks;
}
