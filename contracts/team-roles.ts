/**
 * The team roles (issue 14) and what each may use, without dependencies: the web's entry imports
 * these (the session, the navigation, the route guard) and must not pull zod in with them. The
 * schemas of the team API are in ./team.ts, which re-exports all of this.
 */
/** Owner: everything. Manager: everything but payouts and the team. Inventory: products and inventory. Finance: payouts and statements, orders read-only. */
export const MEMBER_ROLES = ['owner', 'manager', 'inventory', 'finance'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** An invitation stays open a week; then the owner invites again. */
export const INVITATION_TTL_DAYS = 7;
/**
 * Invitation e-mails a shop may send in an hour, and one address may get in a day from all shops
 * together (issue 24, item 5: nobody's inbox is a target, whichever shops send). A refused
 * invitation is 429 `invitation_rate_limited` and writes nothing.
 */
export const INVITATIONS_PER_SHOP_PER_HOUR = 20;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;
/** Members besides the account holder (invitations included): a shop's staff, not a directory. */
export const TEAM_MAX_MEMBERS = 50;

/** Who may use each part of the vendor portal: the route table and the web's pages both take these. */
export const ROLE_GROUPS = {
  /** The inbox, support, the signed-in user's own settings. */
  everyone: MEMBER_ROLES,
  /** Products, the item form, inventory, image uploads. */
  catalogue: ['owner', 'manager', 'inventory'],
  /** The dashboard's sales figures and the orders (read-only for Finance). */
  sales: ['owner', 'manager', 'finance'],
  /** Payouts, statements and the payout method as read. */
  money: ['owner', 'finance'],
  /** Changing the payout method, the team, the activity log. */
  owner: ['owner'],
} as const satisfies Record<string, readonly MemberRole[]>;

/**
 * The one table of who may open each part of the vendor portal (issue 25, item 4): the web's route
 * guard and navigation read it by a route's `area` (web/src/app/routes.tsx), and the API routes that
 * those pages call take their `roles` from the same entry (contracts/routes.ts), so a page and the
 * calls it makes cannot disagree. test/web/app/role-access.test.tsx checks the calls each page makes.
 */
export const PAGE_ROLES = {
  dashboard: ROLE_GROUPS.sales,
  orders: ROLE_GROUPS.sales,
  payouts: ROLE_GROUPS.money,
  products: ROLE_GROUPS.catalogue,
  inventory: ROLE_GROUPS.catalogue,
  notifications: ROLE_GROUPS.everyone,
  support: ROLE_GROUPS.everyone,
  team: ROLE_GROUPS.owner,
  activity: ROLE_GROUPS.owner,
} as const satisfies Record<string, readonly MemberRole[]>;
export type PageKey = keyof typeof PAGE_ROLES;

/** Where a member lands after signing in: the first page their role opens. */
export function homeFor(role: MemberRole): '/dashboard' | '/products' {
  return (PAGE_ROLES.dashboard as readonly MemberRole[]).includes(role) ? '/dashboard' : '/products';
}

/** Whether `role` is one of a group's (what an action inside a page may need, e.g. an owner-only save). */
export const inRoleGroup = (role: MemberRole | null | undefined, group: keyof typeof ROLE_GROUPS): boolean =>
  role != null && (ROLE_GROUPS[group] as readonly MemberRole[]).includes(role);

export const mayOpen = (role: MemberRole | null | undefined, page: PageKey): boolean =>
  role != null && (PAGE_ROLES[page] as readonly MemberRole[]).includes(role);
