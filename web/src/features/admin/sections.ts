import type { OverviewQueue } from '@contracts/admin';

/**
 * The ops console's screens (issue 13), in the order of its navigation: the path under /admin and the
 * text key of the link (admin.en.json). Each screen lives in its own folder of features/admin/ and is
 * routed in admin-console.tsx.
 */
export const ADMIN_SECTIONS = [
  { key: 'overview', path: '/admin', label: 'admin_nav_overview' },
  { key: 'applications', path: '/admin/applications', label: 'admin_nav_applications' },
  { key: 'vendors', path: '/admin/vendors', label: 'admin_nav_vendors' },
  { key: 'reviews', path: '/admin/reviews', label: 'admin_nav_reviews' },
  { key: 'support', path: '/admin/support', label: 'admin_nav_support' },
  { key: 'payouts', path: '/admin/payouts', label: 'admin_nav_payouts' },
  { key: 'audit', path: '/admin/audit', label: 'admin_nav_audit' },
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number]['key'];

export const sectionPath = (key: AdminSection): string => ADMIN_SECTIONS.find((s) => s.key === key)!.path;

/** Where each Overview queue is worked: its card links there. */
export const QUEUE_SECTION: Record<OverviewQueue, string> = {
  vendorApplications: sectionPath('applications'),
  productsInReview: sectionPath('reviews'),
  openSupportCases: `${sectionPath('support')}?status=open`,
  failedPayouts: `${sectionPath('payouts')}?status=failed`,
  bankTransfersAwaiting: `${sectionPath('payouts')}?status=awaiting`,
};
