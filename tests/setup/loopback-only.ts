import { isIP, Socket } from "node:net";

/**
 * Tests reach nothing but this machine: a connection to any other address fails at once, so that
 * no test can depend on the internet or call a real AI provider by mistake.
 */
const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function allowed(host: string) {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "localhost" || (isIP(bare) !== 0 && loopback.test(bare));
}

// The API tests share a process between files and this runs before each: one guard is enough.
const guarded = Symbol.for("qalam.tests.loopback-only");
const prototype = Socket.prototype as Socket & { [guarded]?: true };
const connect = Socket.prototype.connect;
if (!prototype[guarded]) {
  prototype[guarded] = true;
  Socket.prototype.connect = guardedConnect as typeof Socket.prototype.connect;
}

function guardedConnect(this: Socket, ...args: unknown[]) {
  const [first] = args;
  let host: string | undefined;
  if (typeof first === "object" && first !== null && !Array.isArray(first)) {
    const options = first as { host?: string; path?: string };
    if (!options.path) host = options.host ?? "localhost";
  } else if (Array.isArray(first)) {
    // Node's internal form: [options, callback].
    const options = first[0] as { host?: string; path?: string };
    if (!options?.path) host = options?.host ?? "localhost";
  } else if (typeof first === "number") {
    host = typeof args[1] === "string" ? args[1] : "localhost";
  }
  if (host !== undefined && !allowed(host)) {
    throw new Error(`Tests may only connect to loopback; this one tried ${host}`);
  }
  return (connect as (...a: unknown[]) => Socket).apply(this, args);
}
