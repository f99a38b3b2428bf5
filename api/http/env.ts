import type { AiServices } from "../ai/ai-models";
import type { DashboardCache } from "../dashboard/dashboard-cache";
import type { Database } from "../db/client";
import type { RateLimits } from "../identity/rate-limits";
import type { SessionCache } from "../identity/session-cache";
import type { Authentication } from "../identity/sessions";
import type { Jobs } from "../jobs/runner";
import type { Messenger } from "../mail/messenger";
import type { OrganizationListCache } from "../organizations/organization-list-cache";
import type { Storage } from "../storage/storage";

/** Variables every request carries, set by api/app.ts. */
export type AppEnv = {
  Bindings: {
    /**
     * Given by `Api.pageFetch` to the GET calls of one page: they share their token's session
     * lookup. Unset for calls over HTTP.
     */
    sessionLookups?: Map<string, Promise<Authentication | null>>;
  };
  Variables: {
    db: Database;
    production: boolean;
    messenger: Messenger;
    /** The job queue and this instance's runner of long work. */
    jobs: Jobs;
    storage: Storage;
    rateLimits: RateLimits;
    /** Live sessions by token, remembered for a few seconds (decision 028); unset: none kept. */
    sessionCache?: SessionCache;
    /** Members' dashboards remembered for a few seconds (decision 029); unset: each is read. */
    dashboardCache?: DashboardCache;
    /** Members' lists of organizations remembered for a few seconds (decision 029). */
    organizationListCache?: OrganizationListCache;
    appUrl: string;
    /** How many organizations an account may belong to (MAX_ORGANIZATIONS_PER_USER). */
    maxOrganizationsPerUser: number;
    /** The AI models' registry and the box that seals organizations' keys. */
    ai: AiServices;
    /** The route's body limit, when it declares one (bodyLimit). */
    bodyLimit?: number;
  };
};

/** Added by requireAuth for routes that need a signed-in user. */
export type AuthEnv = {
  Variables: {
    auth: Authentication;
  };
};
