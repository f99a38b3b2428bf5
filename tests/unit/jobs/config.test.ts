import { describe, expect, it } from "vitest";
import { jobLimitsFromEnv } from "../../../api/jobs/config";

describe("jobLimitsFromEnv", () => {
  it("leaves every limit to the defaults when nothing is set", () => {
    expect(jobLimitsFromEnv({})).toEqual({ perCapability: {} });
  });

  it("reads the per-organization limit and each capability's", () => {
    expect(
      jobLimitsFromEnv({
        JOBS_PER_ORGANIZATION: "3",
        AI_CONCURRENCY_IMAGE: " 8 ",
        AI_CONCURRENCY_VIDEO: "1",
        AI_CONCURRENCY_CHAT: "",
      }),
    ).toEqual({ perOrganization: 3, perCapability: { image: 8, video: 1 } });
  });

  it("reads a person's running limit and an organization's waiting limit", () => {
    expect(jobLimitsFromEnv({ JOBS_PER_USER: "1", JOBS_WAITING_PER_ORGANIZATION: "50" })).toEqual({
      perUser: 1,
      waitingPerOrganization: 50,
      perCapability: {},
    });
    expect(() => jobLimitsFromEnv({ JOBS_WAITING_PER_ORGANIZATION: "0" })).toThrow(
      /JOBS_WAITING_PER_ORGANIZATION must be a whole number/,
    );
  });

  it.each(["0", "-1", "2.5", "many", "1001", "1e3"])(
    "stops the start on %j, naming the variable",
    (value) => {
      expect(() => jobLimitsFromEnv({ AI_CONCURRENCY_SPEECH: value })).toThrow(
        /AI_CONCURRENCY_SPEECH must be a whole number from 1 to 1000/,
      );
      expect(() => jobLimitsFromEnv({ JOBS_PER_ORGANIZATION: value })).toThrow(
        /JOBS_PER_ORGANIZATION/,
      );
    },
  );
});
