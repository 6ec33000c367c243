/** What each route tells the shell: who may see it, and the page header's title and subtitle. */
export type RouteAccess = 'home' | 'registered' | 'signedIn' | 'admin';

export interface RouteHandle {
  access: RouteAccess;
  title: string;
  subtitle?: string;
  /** a different subtitle on mobile, when the spec gives one */
  mobileSubtitle?: string;
}
