import { type Api, type ApiOptions, startApi } from "./start";

export { socketPath } from "./realtime/broker";
export type { Api, ApiOptions };

/** The embedded API: everything the web server needs, and nothing of the database. */
export async function createApi(options: ApiOptions): Promise<Api> {
  const { api } = await startApi(options);
  return api;
}
