/** What the API takes as an avatar or a logo. */
export const imageTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export const maxImageBytes = 5 * 1024 * 1024;
/** The API's limit on either side, in pixels. */
export const maxImageDimension = 4096;
