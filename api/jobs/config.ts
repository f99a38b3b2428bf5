import { type Capability, capabilities } from "../ai/capabilities";

export type JobLimits = {
  perOrganization?: number;
  perUser?: number;
  waitingPerOrganization?: number;
  perCapability: Partial<Record<Capability, number>>;
};

/**
 * The job limits a deployment sets: `JOBS_PER_ORGANIZATION` (an organization's jobs of one kind
 * running at once, across instances), `JOBS_PER_USER` (a person's jobs of one kind running at
 * once, across their organizations and instances), `JOBS_WAITING_PER_ORGANIZATION` (an
 * organization's jobs waiting to run, of every kind) and `AI_CONCURRENCY_<CAPABILITY>` (jobs of a
 * capability running at once on each instance). A value that is not a whole number from 1 to 1,000 stops
 * the start, naming its variable.
 */
export function jobLimitsFromEnv(env: Record<string, string | undefined>): JobLimits {
  const limits: JobLimits = { perCapability: {} };
  const perOrganization = count(env, "JOBS_PER_ORGANIZATION");
  if (perOrganization !== undefined) limits.perOrganization = perOrganization;
  const perUser = count(env, "JOBS_PER_USER");
  if (perUser !== undefined) limits.perUser = perUser;
  const waiting = count(env, "JOBS_WAITING_PER_ORGANIZATION");
  if (waiting !== undefined) limits.waitingPerOrganization = waiting;
  for (const capability of capabilities) {
    const value = count(env, `AI_CONCURRENCY_${capability.toUpperCase()}`);
    if (value !== undefined) limits.perCapability[capability] = value;
  }
  return limits;
}

function count(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 1000) {
    throw new Error(`${name} must be a whole number from 1 to 1000, got "${value}"`);
  }
  return number;
}
