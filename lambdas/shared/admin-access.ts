/**
 * The handlers of API functions with admin routes (the ops console). Their routes require two-step
 * sign-in (issue 14), which `requireAdminTotp` asks of Cognito; it is handed in here rather than
 * imported by lambdas/shared/auth.ts, so that the functions without admin routes never load the Cognito
 * client (issue 24, item 26: a cold start of a vendor page's function does not pay for it).
 * `apiHandler` and `streamApiHandler` refuse at load a function with admin routes built without it.
 */
import type { Access, ApiFunctionKey } from '../../contracts/routes';
import { apiHandler, type RouteImpl } from './http';
import { requireAdminTotp } from './step-up';
import { streamApiHandler } from './streaming';

type Routes = Record<string, RouteImpl & { access: Access }>;

export const adminApiHandler = (fn: ApiFunctionKey, impls: Routes) => apiHandler(fn, impls, { adminCheck: requireAdminTotp });

export const adminStreamApiHandler = (fn: ApiFunctionKey, impls: Routes) => streamApiHandler(fn, impls, { adminCheck: requireAdminTotp });
