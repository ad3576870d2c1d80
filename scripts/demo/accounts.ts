/**
 * The demo accounts: a contract the README, the docs and the end-to-end tests rely on.
 */
import type { MemberRole } from '../../contracts/team';

export const DEMO_PASSWORD = 'Demo!Vendor2026';

export interface DemoAccount {
  email: string;
  password: string;
  /** The vendor record, or null for a signed-up user without one. */
  vendor: null | {
    status: 'approved' | 'pending' | 'rejected';
    vendorName: string;
    vendorId?: string;
    language: string;
    rejectionReason?: string;
  };
  groups: string[];
  /** A team member (issue 14) of the demo vendor (`approved`), with this role; no vendor record of their own. */
  member?: { role: MemberRole };
}

export const demoAccounts = {
  approved: {
    email: 'demo.vendor@example.com',
    password: DEMO_PASSWORD,
    vendor: { status: 'approved', vendorName: 'Golden Harvest Foods', vendorId: 'V-10001', language: 'en' },
    groups: ['vendors'],
  },
  pending: {
    email: 'pending.vendor@example.com',
    password: DEMO_PASSWORD,
    vendor: { status: 'pending', vendorName: 'Sunrise Noodle Co.', language: 'en' },
    groups: [],
  },
  rejected: {
    email: 'rejected.vendor@example.com',
    password: DEMO_PASSWORD,
    vendor: {
      status: 'rejected',
      vendorName: 'Lucky Dragon Imports',
      language: 'zh-TW',
      rejectionReason: 'We could not verify your business registration. Please contact support with a current certificate.',
    },
    groups: [],
  },
  noRecord: {
    email: 'norecord.user@example.com',
    password: DEMO_PASSWORD,
    vendor: null,
    groups: [],
  },
  staff: {
    email: 'staff.vendor@example.com',
    password: DEMO_PASSWORD,
    vendor: null,
    groups: [],
    member: { role: 'inventory' },
  },
  admin: {
    email: 'ops@example.com',
    password: 'Demo!Ops2026',
    vendor: null,
    groups: ['admins'],
  },
} as const satisfies Record<string, DemoAccount>;

/**
 * Two-step sign-in keys (base32) of demo accounts that have it on (issue 14: required for admins). Seeded
 * locally with a fixed key so a person can add it to an authenticator app, or print the current code
 * with `npm run demo:code -- ops@example.com`, and tests compute codes with otplib.
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  [demoAccounts.admin.email]: 'OPSDEMOSELLERPORTALTOTPKEY234567',
};

/** The demo account's two-step key, if it has two-step sign-in on (e-mails compared case-insensitively). */
export const demoTotpSecret = (email: string): string | undefined => DEMO_TOTP_SECRETS[email.trim().toLowerCase()];
