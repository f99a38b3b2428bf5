/** The kinds of the durability test: one with a try left after the crash, one without. */
export const crashKinds = [
  { kind: "test.crash-retried", tries: 2, retryDelaySeconds: 0 },
  { kind: "test.crash-final", tries: 1, retryDelaySeconds: 0 },
] as const;
