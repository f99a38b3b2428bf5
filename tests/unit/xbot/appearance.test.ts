import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  type Appearance,
  AppearanceFields,
  accentContrast,
  appearanceFieldOf,
  appearanceFromForm,
  appearanceOf,
  formatRatio,
  previewConfig,
} from "~/lib/xbot-appearance";

const saved: Appearance = {
  theme: "light",
  accentColor: "#4f46e5",
  font: "system",
  radius: 12,
  position: "end",
  launcher: "icon",
  headerTitle: "",
  headerSubtitle: "",
  welcomeMessages: ["Hello"],
  suggestedPrompts: [],
  placeholder: "",
  footer: "",
  disclaimer: "",
  customCss: "",
};

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

describe("the accent's contrast", () => {
  it("is measured against the widget's light background", () => {
    // WCAG's own figures: black on white is 21:1, white on white 1:1.
    expect(accentContrast("#000000", "light").ratio).toBeCloseTo(21, 5);
    expect(accentContrast("#ffffff", "light").ratio).toBeCloseTo(1, 5);
    expect(accentContrast("#4f46e5", "light").low).toBe(false);
  });

  it("warns under 4.5:1, and not at 4.5:1 or more", () => {
    // #767676 on white is 4.54:1, the lightest grey that passes; #777777 is 4.48:1.
    expect(accentContrast("#767676", "light").low).toBe(false);
    expect(accentContrast("#777777", "light").low).toBe(true);
    expect(accentContrast("#ffff00", "light").low).toBe(true);
  });

  it("is measured against the dark background in the dark theme", () => {
    expect(accentContrast("#ffff00", "dark").low).toBe(false);
    expect(accentContrast("#1e1b4b", "dark").low).toBe(true);
  });

  it("takes the worse of both backgrounds for the automatic theme", () => {
    const yellow = accentContrast("#ffff00", "auto");
    expect(yellow.ratio).toBeCloseTo(accentContrast("#ffff00", "light").ratio, 5);
    expect(yellow.low).toBe(true);
    expect(yellow.background).toBe("light");
    expect(accentContrast("#4f46e5", "auto")).toMatchObject({ background: "dark", low: true });
    expect(accentContrast("#1e1b4b", "auto").low).toBe(true);
  });

  it("is written with one decimal, cut rather than rounded up past the threshold", () => {
    expect(formatRatio(4.49, "en")).toBe("4.4:1");
    expect(formatRatio(21, "en")).toBe("21:1");
    expect(formatRatio(4.54, "ar")).toBe("4.5:1");
  });
});

describe("the preview's configuration", () => {
  const bot = {
    publicId: "pub_1",
    name: "Support",
    language: "visitor" as const,
    maxMessageLength: 2000,
    avatarMediaId: null,
  };

  it("is the widget's public configuration with the unsaved appearance", () => {
    const config = previewConfig(bot, { ...saved, headerTitle: "Help" }, "en");
    expect(config).toEqual({
      publicId: "pub_1",
      name: "Support",
      avatarUrl: null,
      language: "en",
      maxMessageLength: 2000,
      appearance: { ...saved, headerTitle: "Help" },
      leadForm: null,
    });
  });

  it("speaks the page's language for a bot that speaks the visitor's, and its own otherwise", () => {
    expect(previewConfig(bot, saved, "ar").language).toBe("ar");
    expect(previewConfig({ ...bot, language: "en" }, saved, "ar").language).toBe("en");
  });

  it("shows the avatar from the member's own address of the image", () => {
    const config = previewConfig({ ...bot, avatarMediaId: "m1" }, saved, "en");
    expect(config.avatarUrl).toBe("/media/m1/thumbnail");
  });

  it("follows the form as it is typed, keeping the saved value of what cannot be read yet", () => {
    const look = appearanceFromForm(
      formOf({
        theme: "dark",
        accentColor: "#FF00",
        radius: "40",
        position: "start",
        headerTitle: "Ask us",
        "welcomeMessages[0]": "Hi",
        "welcomeMessages[1]": " ",
        "welcomeMessages[2]": "How can we help?",
        "suggestedPrompts[0]": "",
      }),
      saved,
    );
    expect(look.theme).toBe("dark");
    expect(look.accentColor).toBe(saved.accentColor);
    expect(look.radius).toBe(12);
    expect(look.position).toBe("start");
    expect(look.headerTitle).toBe("Ask us");
    expect(look.welcomeMessages).toEqual(["Hi", "How can we help?"]);
    expect(look.suggestedPrompts).toEqual([]);
    expect(appearanceFromForm(formOf({ accentColor: "#FFCC00" }), saved).accentColor).toBe(
      "#ffcc00",
    );
  });
});

describe("the appearance form", () => {
  const valid = {
    theme: "auto",
    accentColor: "#0F766E",
    font: "inter",
    radius: "8",
    position: "start",
    launcher: "avatar",
    headerTitle: "Ask us",
    "welcomeMessages[0]": "Hello",
    "welcomeMessages[1]": "",
    "suggestedPrompts[0]": "Prices?",
    customCss: ".panel { border-width: 2px; }",
    version: "3",
  };

  it("becomes the bot's appearance, empty slots dropped and the colour in lower case", () => {
    const submission = parseWithZod(formOf(valid), { schema: AppearanceFields });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(appearanceOf(submission.value)).toEqual({
      theme: "auto",
      accentColor: "#0f766e",
      font: "inter",
      radius: 8,
      position: "start",
      launcher: "avatar",
      headerTitle: "Ask us",
      headerSubtitle: "",
      welcomeMessages: ["Hello"],
      suggestedPrompts: ["Prices?"],
      placeholder: "",
      footer: "",
      disclaimer: "",
      customCss: ".panel { border-width: 2px; }",
    });
  });

  it("refuses what the API would, by field", () => {
    const submission = parseWithZod(
      formOf({
        ...valid,
        accentColor: "red",
        radius: "33",
        customCss: "</style><script>",
        headerTitle: "x".repeat(81),
      }),
      { schema: AppearanceFields },
    );
    const errors = submission.reply().error ?? {};
    expect(errors.accentColor).toEqual(["invalid"]);
    expect(errors.radius).toEqual(["tooBig?count=32"]);
    expect(errors.customCss).toEqual(["cssOnly"]);
    expect(errors.headerTitle).toEqual(["tooLong?count=80"]);
  });

  it("names the form's field of the API's refusal", () => {
    expect(appearanceFieldOf("appearance.headerTitle")).toBe("headerTitle");
    expect(appearanceFieldOf("appearance.welcomeMessages.2")).toBe("welcomeMessages");
    expect(appearanceFieldOf("version")).toBeNull();
  });
});
